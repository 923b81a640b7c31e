import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { deleteItems } from './api';
import './i18n';

export interface DeleteItemsDialogProps {
  componentId: number;
  ids: number[];
  /** What the title names for one item ("12 - Title"); without it the title counts. */
  name?: string;
  onClose: () => void;
  /** After the server deleted them. */
  onDeleted: () => void;
}

/**
 * Asks before deleteItem. Cancel has the focus, so Enter never deletes by accident; a refusal
 * (an item others depend on, a right missing) is the server's message in a toast, and the dialog
 * closes: nothing was deleted.
 */
export function DeleteItemsDialog({ componentId, ids, name, onClose, onDeleted }: DeleteItemsDialogProps) {
  const { t } = useTranslation('deletion');
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteItems({ ids, componentId }),
    onSuccess: () => {
      enqueueSnackbar(t('done', { count: ids.length }), { variant: 'success' });
      onDeleted();
    },
    onError: (error) => {
      enqueueSnackbar(error.message, { variant: 'error' });
      onClose();
    },
  });
  const count = ids.length;
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-items-title"
      aria-describedby="delete-items-text"
    >
      <DialogTitle id="delete-items-title">{name ? t('titleNamed', { name }) : t('title', { count })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-items-text">{t('explanation', { count })}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1.5 }}>
          {t('dependents')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button autoFocus onClick={onClose} disabled={remove.isPending}>
          {t('cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? t('deleting') : t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
