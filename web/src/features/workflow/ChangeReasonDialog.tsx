import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ActionAnswers, ActionView } from './api';
import './i18n';

/** Reasons are stored on the item and its version; the server takes at most this many characters. */
export const MAX_REASON = 4000;

export interface ChangeReasonDialogProps {
  action: ActionView;
  /** The answers on OK; null on Cancel. */
  onClose: (answers: ActionAnswers | null) => void;
}

/**
 * The change-reason dialog (spec section 2, "yields reason and item"): asks the reason of a
 * transition; OK stays disabled while a required reason is empty.
 */
export function ChangeReasonDialog({ action, onClose }: ChangeReasonDialogProps) {
  const { t } = useTranslation('workflow');
  const [reason, setReason] = useState('');
  const missing = action.requiresReason && reason.trim() === '';
  return (
    <Dialog open onClose={() => onClose(null)} fullWidth maxWidth="sm" aria-labelledby="change-reason-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing) onClose({ reason: reason.trim(), responsibleId: null });
        }}
      >
        <DialogTitle id="change-reason-title">{t('reason.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('reason.action', { action: action.name, status: action.to.name })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={t('reason.label')}
            value={reason}
            required={action.requiresReason}
            onChange={(e) => setReason(e.target.value)}
            helperText={action.requiresReason ? t('reason.requiredHelp') : t('reason.optionalHelp')}
            slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(null)}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={missing}>
            {t('ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
