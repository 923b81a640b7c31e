import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_REASON = 500;

/** Asks the reason for reopening one person's month; the server keeps it in the audit log. */
export function ReopenDialog({
  title,
  busy,
  error,
  onReopen,
  onClose,
}: {
  title: string;
  busy: boolean;
  error: string;
  onReopen: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('closing');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onReopen(reason.trim());
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reopen-title">
      <DialogTitle id="reopen-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('reopenHelp')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          required
          label={t('reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value.slice(0, MAX_REASON));
            setMissing(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
          error={missing}
          helperText={missing ? t('reasonRequired') : t('reasonCount', { count: reason.length })}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('reopen')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
