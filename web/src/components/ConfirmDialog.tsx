import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  title?: ReactNode;
  message: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** true for yes, false for no. Escape and clicks outside do nothing (spec section 2, generic dialogs). */
  onClose: (confirmed: boolean) => void;
}

/** The yes/no question dialog. */
export default function ConfirmDialog({ title, message, confirmText, cancelText, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title ?? t('confirm.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => onClose(false)} color="inherit">
          {cancelText ?? t('confirm.no')}
        </Button>
        <Button onClick={() => onClose(true)} variant="contained" autoFocus>
          {confirmText ?? t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
