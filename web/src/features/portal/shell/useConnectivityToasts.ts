import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/**
 * Browser offline/online events as error/success toasts (spec section 8): 'user offline' and 'user online',
 * and the connection texts ('Conexão perdida. Verifique sua conexão.', 'Conexão restaurada').
 */
export function useConnectivityToasts() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const offline = () => {
      enqueueSnackbar(t('connectivity.userOffline'), { variant: 'error' });
      enqueueSnackbar(t('connectivity.offline'), { variant: 'error' });
    };
    const online = () => {
      enqueueSnackbar(t('connectivity.userOnline'), { variant: 'success' });
      enqueueSnackbar(t('connectivity.online'), { variant: 'success' });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t, enqueueSnackbar]);
}
