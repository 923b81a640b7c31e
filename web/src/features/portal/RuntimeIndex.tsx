import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { applicationMenuQuery } from './api';
import { firstLink, isExternalLink, isRuntimeIndex, linkWithQuery } from './menu';

/** Entering /runtime/{appID} opens the first menu entry with a link, keeping the query string (spec section 2). */
export default function RuntimeIndex() {
  const { t } = useTranslation();
  const { appID = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data, isLoading, error } = useQuery(applicationMenuQuery(appID));
  const link = data ? firstLink(data.menu) : undefined;
  useEffect(() => {
    if (!link || isExternalLink(link)) return;
    // The sidebar shows the same menu and may be used before this page (loaded lazily) redirects: a
    // user who already opened another entry is not taken back to the first one. The browser's address
    // is read, not the rendered location, which lags behind a navigation in progress.
    if (!isRuntimeIndex(window.location.pathname)) return;
    void navigate(linkWithQuery(link, search), { replace: true });
  }, [link, search, navigate]);
  if (isLoading || (link && !isExternalLink(link))) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (error) {
    // Spec section 8: a menu that fails to load just stops loading; the page says why (an application
    // that does not exist or is not allowed answers 404) and leads back to the desktop.
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, maxWidth: 520, mx: 'auto' }}>
        <AppsIcon color="disabled" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('shell.appUnavailable')}
        </Typography>
        <Typography color="text.secondary">{isApiError(error) ? error.message : t('error.default')}</Typography>
        <Button component={RouterLink} to="/app" variant="contained">
          {t('notFound.back')}
        </Button>
      </Stack>
    );
  }
  return <Typography color="text.secondary">{t('shell.noMenu')}</Typography>;
}
