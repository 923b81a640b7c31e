import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Centered spinner for whole-page waits (settings, lazy routes). */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
