import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** A save refused because the item changed meanwhile (409): the server's Message, and a way to reload. */
export function StaleSaveDialog({
  message,
  onReload,
  onKeepEditing,
}: {
  message: string | null;
  onReload: () => void;
  onKeepEditing: () => void;
}) {
  const { t } = useTranslation('forms');
  return (
    <Dialog open={message !== null} onClose={onKeepEditing} aria-labelledby="stale-save-title" maxWidth="sm" fullWidth>
      <DialogTitle id="stale-save-title">{t('stale.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary' }}>{message}</DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>{t('stale.hint')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepEditing}>{t('stale.keepEditing')}</Button>
        <Button variant="contained" onClick={onReload} autoFocus>
          {t('stale.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
