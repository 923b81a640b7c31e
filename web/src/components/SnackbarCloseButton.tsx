import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';

/** The dismiss button of every toast; persistent ones (change-password errors) need it. */
export function SnackbarCloseButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('app.closeNotification')}
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
