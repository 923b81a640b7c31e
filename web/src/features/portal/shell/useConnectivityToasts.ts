import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** Browser offline/online events as error/success toasts (spec section 8). */
export function useConnectivityToasts() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const offline = () => enqueueSnackbar(t('connectivity.offline'), { variant: 'error' });
    const online = () => enqueueSnackbar(t('connectivity.online'), { variant: 'success' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t, enqueueSnackbar]);
}
