import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../api';
import { formatDateTime } from '../display';
import {
  currentPosition,
  problemOf,
  type FileProblem,
  type FileSignatures,
  type SignRequest,
} from './AttachmentsFiles';

/** The problem of the last upload, download or delete, as the server worded it. */
export function FileProblemAlert({ problem }: { problem: FileProblem | null }) {
  if (!problem) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {problem.message}
      {problem.details.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problem.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** A region that takes files dropped on it (when enabled), showing where they will land. */
export function DropZone({
  enabled,
  onFiles,
  label,
  children,
}: {
  enabled: boolean;
  onFiles: (files: File[]) => void;
  label: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('forms');
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => enabled && Array.from(event.dataTransfer.types).includes('Files');
  return (
    <Box
      component="section"
      aria-label={label}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
      sx={{ position: 'relative' }}
    >
      {children}
      {over && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'rgba(25, 118, 210, 0.08)',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600 }}>
            {t('files.dropHere')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

type Position = { latitude: number; longitude: number };
type Locating =
  | { state: 'off' }
  | { state: 'asking' }
  | { state: 'found'; position: Position }
  | { state: 'failed'; message: string };

/**
 * The signature dialog: the password again (the server checks it as a sign-in) and, when the
 * user asks, the browser's position. A refusal keeps the dialog open with the server's Message.
 */
export function SignDialog({
  file,
  version,
  onSign,
  onClose,
}: {
  file: Attachment;
  version: number;
  onSign: (request: SignRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('forms');
  const [password, setPassword] = useState('');
  const [locating, setLocating] = useState<Locating>({ state: 'off' });
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const toggleLocation = async (on: boolean) => {
    if (!on) {
      setLocating({ state: 'off' });
      return;
    }
    setLocating({ state: 'asking' });
    try {
      setLocating({ state: 'found', position: await currentPosition() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setLocating({
        state: 'failed',
        message:
          message === 'unavailable' ? t('signature.locationUnavailable') : t('signature.locationFailed', { message }),
      });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const position = locating.state === 'found' ? locating.position : undefined;
      await onSign({ attachment: file.id, password, ...position });
      onClose();
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle sx={{ wordBreak: 'break-word' }}>{t('signature.dialogTitle', { name: file.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('signature.dialogText', { version })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            type="password"
            autoComplete="current-password"
            label={t('signature.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={locating.state !== 'off'}
                onChange={(event) => void toggleLocation(event.target.checked)}
                disabled={busy}
              />
            }
            label={t('signature.useLocation')}
          />
          {locating.state === 'asking' && (
            <Typography variant="body2" color="text.secondary">
              {t('signature.locating')}
            </Typography>
          )}
          {locating.state === 'found' && (
            <Typography variant="body2" color="text.secondary">
              {t('signature.located', {
                latitude: locating.position.latitude.toFixed(5),
                longitude: locating.position.longitude.toFixed(5),
              })}
            </Typography>
          )}
          {locating.state === 'failed' && (
            <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
              {locating.message}
            </Alert>
          )}
          <FileProblemAlert problem={problem} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('signature.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!password || busy || locating.state === 'asking'}>
            {busy ? t('signature.signing') : t('signature.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Under a file's name: who signed it and when (the current version's signatures first; earlier
 * versions' marked v1…), the stamp, and the version a stamp replaced. A signature's chip opens its
 * Signature Protocol when one was issued; its tooltip shows the code, the digest and the place.
 */
export function SignatureLine({
  info,
  name,
  onDownload,
}: {
  info: FileSignatures | undefined;
  name: string;
  onDownload: (path: string, fileName: string) => void;
}) {
  const { t } = useTranslation('forms');
  if (!info || (info.signatures.length === 0 && !info.stamped)) return null;
  const ordered = [...info.signatures].sort((a, b) => b.version - a.version || a.id - b.id);
  return (
    <Box
      component="ul"
      aria-label={t('signature.signatures', { name })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
    >
      {info.stamped && (
        <li>
          <Tooltip
            title={t('signature.stampedTip', {
              name: info.stampedBy,
              date: formatDateTime(info.stampedAt),
              code: info.stampCode,
            })}
          >
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={`${t('signature.stamped')} · v${info.version}`}
            />
          </Tooltip>
        </li>
      )}
      {ordered.map((s) => {
        const old = s.version !== info.version;
        const label = `${old ? `${t('signature.earlierVersion', { version: s.version })} · ` : ''}${t('signature.signedBy', { name: s.signerName, date: formatDateTime(s.signedAt) })}`;
        const details = (
          <>
            {t('signature.signatureDetails', { version: s.version, code: s.code, hash: s.sha256.slice(0, 16) + '…' })}
            {s.latitude !== null && s.longitude !== null && (
              <>
                <br />
                {t('signature.signatureLocation', {
                  latitude: s.latitude.toFixed(5),
                  longitude: s.longitude.toFixed(5),
                })}
              </>
            )}
            <br />
            {s.protocolUrl ? t('signature.protocol') : t('signature.noProtocol')}
          </>
        );
        return (
          <li key={s.id}>
            <Tooltip title={details}>
              <Chip
                size="small"
                icon={<VerifiedOutlined />}
                color={old ? 'default' : 'success'}
                variant={old ? 'outlined' : 'filled'}
                label={label}
                onClick={s.protocolUrl ? () => onDownload(s.protocolUrl, `protocolo-${s.code}.pdf`) : undefined}
                sx={{
                  maxWidth: '100%',
                  height: 'auto',
                  minHeight: 24,
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                }}
              />
            </Tooltip>
          </li>
        );
      })}
      {info.versions.map((v) => (
        <li key={v.version}>
          <Tooltip title={t('signature.original', { version: v.version })}>
            <Chip
              size="small"
              variant="outlined"
              icon={<HistoryOutlined />}
              label={t('signature.originalShort', { version: v.version })}
              aria-label={t('signature.original', { version: v.version })}
              onClick={() => onDownload(v.url, name)}
            />
          </Tooltip>
        </li>
      ))}
    </Box>
  );
}
