import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/format';

/** The screens' toasts: a success, and a failed call's message (spec section 8: red, the server's Message). */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  return {
    success: (text: string) => enqueueSnackbar(text, { variant: 'success' }),
    failure: (error: unknown) => enqueueSnackbar(errorMessage(error, t('error.default')), { variant: 'error' }),
  };
}
