import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/AuthLayout';
import { mfaDataQuery, registerUserMfa } from './api';
import { MfaCodeForm } from './MfaCodeForm';
import { useSecondFactor } from './useSecondFactor';

/** Spec section 9: the QR image is 250 by 250. */
export const QR_SIZE = 250;

/**
 * /enableMFA (spec section 2): the authenticator setup guide. The secret and
 * the QR code load on opening; the first code from the app finishes the
 * enrolment and signs the user in.
 */
export default function EnableMfaPage() {
  const { t } = useTranslation();
  const state = useSecondFactor('enable', registerUserMfa);
  const token = state.session?.token ?? '';
  const data = useQuery({ ...mfaDataQuery(token), enabled: token !== '' });

  if (state.redirect) return state.redirect;

  return (
    <AuthLayout title={t('mfa.enable.title')} subtitle={t('mfa.enable.subtitle')}>
      <Stack component="ol" spacing={2.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        <Step number={1}>{t('mfa.enable.step1')}</Step>
        <Step number={2}>{t('mfa.enable.step2')}</Step>
        <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
          {data.isPending && (
            <Box sx={{ width: QR_SIZE, height: QR_SIZE, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label={t('app.loading')} />
            </Box>
          )}
          {data.isError && (
            <Box sx={{ minHeight: 120, display: 'grid', placeItems: 'center', gap: 1.5, textAlign: 'center' }}>
              <Typography role="alert" color="error" variant="body2">
                {data.error.message || t('mfa.enable.loadError')}
              </Typography>
              <Button variant="outlined" onClick={() => void data.refetch()}>
                {t('mfa.enable.retry')}
              </Button>
            </Box>
          )}
          {data.isSuccess && (
            <>
              <Box
                component="img"
                src={data.data.qrcode}
                alt={t('mfa.enable.qrAlt')}
                width={QR_SIZE}
                height={QR_SIZE}
                sx={{
                  width: QR_SIZE,
                  height: QR_SIZE,
                  boxSizing: 'content-box',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'common.white',
                }}
              />
              <SecretCode code={data.data.code} />
            </>
          )}
        </Box>
        <Step number={3}>{t('mfa.enable.step3')}</Step>
      </Stack>
      <MfaCodeForm onSubmit={state.submit} onCancel={state.cancel} autoFocus={false} disabled={!data.isSuccess} />
    </AuthLayout>
  );
}

function Step({ number, children }: { number: number; children: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          flex: '0 0 auto',
          width: 26,
          height: 26,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontSize: 13,
          fontWeight: 700,
          mt: '1px',
        }}
      >
        {number}
      </Box>
      <Typography variant="body2" sx={{ pt: '3px' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The secret, grouped by four for reading aloud or typing, with a copy button. */
function SecretCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard access (insecure context, denied): the code stays visible to copy by hand.
    }
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mb: 0.5 }}>
        {t('mfa.enable.secret')}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}
      >
        <Typography
          data-testid="mfa-secret"
          aria-label={t('mfa.enable.secret')}
          sx={{
            flex: 1,
            textAlign: 'center',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 14,
            fontWeight: 600,
            letterSpacing: 0.5,
            wordSpacing: 2,
          }}
        >
          {code.replace(/(.{4})(?=.)/g, '$1 ')}
        </Typography>
        <Tooltip title={copied ? t('mfa.enable.copied') : t('mfa.enable.copy')}>
          <IconButton size="small" aria-label={t('mfa.enable.copy')} onClick={() => void copy()}>
            {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
