import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { applicationMenuQuery } from './api';
import { firstLink, isExternalLink, isRuntimeIndex, linkWithQuery } from './menu';

/** Entering /runtime/{appID} opens the first menu entry with a link, keeping the query string (spec section 2). */
export default function RuntimeIndex() {
  const { t } = useTranslation();
  const { appID = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery(applicationMenuQuery(appID));
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
  return <Typography color="text.secondary">{t('shell.noMenu')}</Typography>;
}
