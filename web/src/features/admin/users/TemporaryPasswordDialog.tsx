import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';

/**
 * A new user's temporary password, shown once (docs/admin.md, "Temporary password"): the
 * administrator copies it and hands it over with the login; the user changes it at the first sign-in.
 */
export function TemporaryPasswordDialog({
  name,
  login,
  password,
  onClose,
}: {
  name: string;
  login: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // No clipboard access (insecure context, denied): the password stays visible to copy by hand.
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="temporary-password-title" maxWidth="sm" fullWidth>
      <DialogTitle id="temporary-password-title" sx={{ fontWeight: 700 }}>
        {t('users.temporaryPassword.title', { name })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('users.temporaryPassword.intro', { name })}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('users.form.login')}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontFamily: 'monospace' }}>
            {login}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('users.temporaryPassword.password')}
          </Typography>
          <Typography
            component="dd"
            variant="body1"
            data-testid="temporary-password"
            sx={{ m: 0, fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1, wordBreak: 'break-all' }}
          >
            {password}
          </Typography>
        </Box>
        <Alert severity="warning">{t('users.temporaryPassword.once')}</Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          onClick={() => void copy()}
          startIcon={copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
          aria-live="polite"
        >
          {copied ? t('users.temporaryPassword.copied') : t('users.temporaryPassword.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('users.temporaryPassword.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
