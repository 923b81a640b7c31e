import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionTitle } from './SectionTitle';

/**
 * What a form section listing the item's relations shows before its data: on a new item (id 0)
 * the note to save it first (it has nothing to relate yet), then the loading bar, then the error.
 */
export function RelationStates<T>({
  itemId,
  saveFirst,
  loadingLabel,
  query,
  children,
}: {
  itemId: number;
  saveFirst: ReactNode;
  loadingLabel: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (itemId === 0) return saveFirst;
  if (query.isPending) return <LinearProgress aria-label={loadingLabel} />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  return children(query.data);
}

/** A titled form section of the item's relations, with the states of RelationStates before its content. */
export function RelationSection<T>({
  label,
  saveFirst,
  ...states
}: {
  label: string;
  saveFirst: string;
  itemId: number;
  loadingLabel: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Box component="section" aria-label={label}>
      <SectionTitle>{label}</SectionTitle>
      <RelationStates
        {...states}
        saveFirst={
          <Typography variant="body2" color="text.secondary">
            {saveFirst}
          </Typography>
        }
      />
    </Box>
  );
}
