import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusView } from '../components/StatusView';

/**
 * Shown when a route fails to render or its code fails to load (typically a
 * chunk removed by a new deployment): reloading fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <StatusView
      title={t('app.routeError.title')}
      description={t('app.routeError.description')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('app.routeError.reload')}
        </Button>
      }
    />
  );
}
