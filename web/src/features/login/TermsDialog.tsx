import { Suspense, lazy, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { acceptTermsOfUse, getTermsOfUse } from './api';

const PdfPages = lazy(() => import('./PdfPages'));

export interface TermsDialogProps {
  /** The new session's token: the terms are accepted before the session is stored. */
  token: string;
  userId: number;
  /** true once the acceptance is recorded; false when the user declines or closes the dialog. */
  onClose: (accepted: boolean) => void;
}

type Terms = { status: 'loading' } | { status: 'error' } | { status: 'ready'; file: Blob; url: string };

/**
 * The terms-of-use dialog (spec sections 2 and 4): the PDF at scale 0.9, a
 * download link and an agree checkbox that must be ticked to continue.
 * Continuing records the acceptance (POST acceptTermsOfUse with the new
 * token); declining or closing answers false.
 */
export default function TermsDialog({ token, userId, onClose }: TermsDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [terms, setTerms] = useState<Terms>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    getTermsOfUse(token).then(
      (file) => {
        if (cancelled) return;
        url = URL.createObjectURL(file);
        setTerms({ status: 'ready', file, url });
      },
      () => {
        if (!cancelled) setTerms({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [token, attempt]);

  const accept = async () => {
    setSaving(true);
    try {
      await acceptTermsOfUse({ accept: true, userId, browserInfo: navigator.userAgent }, token);
      onClose(true);
    } catch (error) {
      enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : t('error.default'), {
        variant: 'error',
      });
      setSaving(false);
    }
  };

  const decline = () => {
    if (!saving) onClose(false);
  };

  return (
    <Dialog open onClose={decline} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, pr: 7 }}>
        {t('terms.title')}
        <IconButton
          aria-label={t('terms.close')}
          onClick={decline}
          disabled={saving}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'action.hover', p: { xs: 1, sm: 3 }, minHeight: 320 }}>
        {terms.status === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 280 }}>
            <CircularProgress aria-label={t('terms.loading')} />
          </Box>
        )}
        {terms.status === 'error' && (
          <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, minHeight: 280, textAlign: 'center' }}>
            <Typography role="alert" color="error">
              {t('terms.loadError')}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                setTerms({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('terms.retry')}
            </Button>
          </Box>
        )}
        {terms.status === 'ready' && (
          <Box sx={{ overflowX: 'auto' }}>
            <Suspense
              fallback={
                <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 280 }}>
                  <CircularProgress aria-label={t('terms.loading')} />
                </Box>
              }
            >
              <PdfPages file={terms.file} title={t('terms.title')} />
            </Suspense>
          </Box>
        )}
      </DialogContent>
      <Box
        sx={{
          px: 3,
          pt: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              disabled={terms.status !== 'ready'}
            />
          }
          label={t('terms.agree')}
        />
        {terms.status === 'ready' && (
          <Link
            href={terms.url}
            download={t('terms.fileName')}
            underline="hover"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <DownloadIcon fontSize="small" />
            {t('terms.download')}
          </Link>
        )}
      </Box>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5 }}>
        <Button color="inherit" onClick={decline} disabled={saving}>
          {t('terms.decline')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void accept()}
          disabled={!agreed || saving || terms.status !== 'ready'}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
