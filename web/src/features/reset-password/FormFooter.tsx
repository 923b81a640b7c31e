import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The reset forms' submit button (a spinner while sending) and the link back to the login page. */
export function FormFooter({ label, disabled, sending }: { label: string; disabled: boolean; sending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={disabled}
        startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ py: 1.25, fontSize: 15 }}
      >
        {label}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/" variant="body2" underline="hover">
          {t('resetPassword.back')}
        </Link>
      </Box>
    </>
  );
}
