import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The rejection reason's length in characters (the server's bound). */
export const MAX_REASON = 500;

interface Props {
  count: number;
  hours: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog (the reason stays typed). */
  error: string;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Asks the reason of a rejection, which the people get in their message; required, up to 500 characters. */
export function RejectDialog({ count, hours, pending, error, onReject, onClose }: Props) {
  const { t } = useTranslation('timesheets');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === '';
  const tooLong = reason.length > MAX_REASON;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (empty || tooLong || pending) return;
    onReject(reason.trim());
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reject-title">{t('team.rejectTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('team.rejectMessage', { count, hours })}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            label={t('team.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={(touched && empty) || tooLong}
            helperText={
              touched && empty
                ? t('team.reasonRequired')
                : tooLong
                  ? t('team.reasonTooLong', { max: MAX_REASON })
                  : `${reason.length}/${MAX_REASON}`
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {t('team.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
