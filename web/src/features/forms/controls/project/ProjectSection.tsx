import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRuntime } from '../../context';
import type { FormControl } from '../../types';
import { SectionTitle } from '../SectionTitle';
import { textOn } from '../../../../theme/contrast';

export type ProjectKind =
  'project calendar' | 'project configuration' | 'project item type' | 'project resource' | 'project workflows';

/**
 * A project control's section: its title, then what it shows of the form's project (the item's, or
 * the one a new item is created in). An item outside projects has none: said in a line.
 */
export function ProjectSection({
  control,
  action,
  children,
}: {
  control: FormControl;
  /** A button beside the title (Alterar) for whoever may change the project. */
  action?: ReactNode;
  children: (projectId: number) => ReactNode;
}) {
  const { t } = useTranslation('forms');
  const { item } = useFormRuntime();
  const projectId = Number(item.ProjectID ?? 0);
  const label = control.label || t(`kinds.${control.kind as ProjectKind}`);
  return (
    <Box component="section" aria-label={label}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 30, mb: 0.5 }}>
        <Box sx={{ flexGrow: 1 }}>
          <SectionTitle>{label}</SectionTitle>
        </Box>
        {projectId > 0 && action}
      </Box>
      {projectId > 0 ? (
        children(projectId)
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('project.noProject')}
        </Typography>
      )}
    </Box>
  );
}

/** The loading bar, then the error, then the data of one of the project's calls. */
export function ProjectStates<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('forms');
  if (query.isPending) return <LinearProgress aria-label={t('project.loading')} />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  return children(query.data);
}

/** One fact of the project: its name above, the value below ('—' when empty). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** A status in its colour; final ones carry a border, as the end of the flow. */
export function WorkflowStatusChip({ name, color, final }: { name: string; color: string; final?: boolean }) {
  return (
    <Chip
      size="small"
      label={name}
      variant={color ? 'filled' : 'outlined'}
      sx={{
        bgcolor: color || undefined,
        color: textOn(color),
        fontWeight: 500,
        height: 22,
        outline: final ? 2 : 0,
        outlineColor: 'text.primary',
        outlineOffset: 1,
      }}
    />
  );
}
