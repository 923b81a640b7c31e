import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatCount, formatDateTime } from '../../../lib/format';
import { hashGroups, type ChainOutcome } from './auditChain';

/**
 * The answer of "Verificar integridade" above the log: intact (with the head hash to keep outside
 * the system, copyable) or the first broken entry, named so it can be found in the list below.
 */
export function AuditChainResult({
  outcome,
  actionName,
  onClose,
}: {
  outcome: ChainOutcome;
  actionName: (kind: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();

  const copy = async (head: string) => {
    try {
      await navigator.clipboard.writeText(head);
      enqueueSnackbar(t('log.hashCopied'), { variant: 'success' });
    } catch {
      // No clipboard (insecure context, permission denied): the hash stays on screen to copy by hand.
      enqueueSnackbar(t('log.copyFailed'), { variant: 'warning' });
    }
  };

  if (outcome.state === 'empty') {
    return (
      <Alert
        severity="info"
        variant="outlined"
        onClose={onClose}
        closeText={t('common.close')}
        sx={{ mb: 2 }}
        role="status"
      >
        {t('log.chainEmpty')}
      </Alert>
    );
  }

  if (outcome.state === 'valid') {
    return (
      <Alert
        severity="success"
        variant="outlined"
        onClose={onClose}
        closeText={t('common.close')}
        sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
        role="status"
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{t('log.chainValidTitle')}</AlertTitle>
        <Typography variant="body2">
          {t('log.chainValid', { count: outcome.entries, entries: formatCount(outcome.entries, language) })}
        </Typography>
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ mt: 1.5, mb: 0.5, fontWeight: 600 }}
          id="audit-chain-head"
        >
          {t('log.chainHead')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box
            component="code"
            aria-labelledby="audit-chain-head"
            data-hash={outcome.head}
            sx={{
              fontFamily: 'monospace',
              fontSize: 13,
              bgcolor: 'action.hover',
              borderRadius: 1,
              px: 1,
              py: 0.5,
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {hashGroups(outcome.head).join(' ')}
          </Box>
          <Tooltip title={t('log.copyHash')}>
            <IconButton size="small" aria-label={t('log.copyHash')} onClick={() => void copy(outcome.head)}>
              <CopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {t('log.chainHeadHint')}
        </Typography>
      </Alert>
    );
  }

  const entry = [
    outcome.seq !== undefined
      ? t('log.brokenSeq', { seq: formatCount(outcome.seq, language) })
      : t('log.brokenUnchained'),
    outcome.kind ? actionName(outcome.kind) : undefined,
    outcome.at ? formatDateTime(outcome.at) : undefined,
    outcome.id !== undefined ? t('log.brokenId', { id: outcome.id }) : undefined,
  ].filter(Boolean);
  return (
    <Alert severity="error" onClose={onClose} closeText={t('common.close')} sx={{ mb: 2 }} role="alert">
      <AlertTitle sx={{ fontWeight: 700 }}>{t('log.chainBrokenTitle')}</AlertTitle>
      {outcome.id !== undefined && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('log.brokenEntry', { entry: entry.join(' · ') })}
        </Typography>
      )}
      <Typography variant="body2">{outcome.message}</Typography>
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {t('log.chainBrokenHint')}
      </Typography>
    </Alert>
  );
}
