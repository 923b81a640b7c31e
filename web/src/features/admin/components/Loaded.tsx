import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/format';

/** A page's content once its query has answered: a progress line meanwhile, the error if it failed. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('admin');
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <Alert severity="error">{errorMessage(query.error, t('common.loadError'))}</Alert>;
  return <LinearProgress aria-label={t('common.loading')} />;
}
