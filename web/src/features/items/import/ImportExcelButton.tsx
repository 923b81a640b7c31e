import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { confirmImport, getImportStatus, previewImport } from './api';
import type { ImportStatus } from './types';

// The preview's table is loaded when a file has been checked, not with the list.
const ImportPreview = lazy(() => import('./ImportPreview').then((m) => ({ default: m.ImportPreview })));

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// How often a running import is asked for its progress.
const POLL_MS = 1000;

/**
 * Where an import stands. checking: the file is being sent and every row checked; refused: the
 * server would not read the file (its Message); previewed: the rows and their errors, nothing
 * written; running: the job writes every row at once; failed: the job refused a row, nothing written.
 */
type Phase =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'refused'; fileName: string; message: string }
  | { kind: 'previewed'; status: ImportStatus }
  | { kind: 'running'; status: ImportStatus }
  | { kind: 'failed'; status: ImportStatus };

interface Props {
  componentID: number;
  projectId: number;
}

/** "Import from Excel" on the item list: choose an .xlsx, see every row checked, confirm, follow the job. */
export function ImportExcelButton({ componentID, projectId }: Props) {
  const { t } = useTranslation('items');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // The job goes on when the window is closed; its progress is followed until it ends or the list is left.
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const follow = async (queued: ImportStatus) => {
    const stop = new AbortController();
    following.current = stop;
    let status = queued;
    try {
      while (status.state === 'queued' || status.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (stop.signal.aborted) return;
        status = await getImportStatus(status.importId, stop.signal);
        setPhase({ kind: 'running', status });
      }
    } catch (error) {
      if (!stop.signal.aborted)
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
      return;
    }
    if (status.state === 'done') {
      enqueueSnackbar(t('import.done', { count: status.totalRows }), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['items', 'page'] });
      setPhase({ kind: 'idle' });
      setOpen(false);
    } else {
      setPhase({ kind: 'failed', status });
      setOpen(true);
    }
  };

  const choose = () => {
    if (input.current) {
      input.current.value = ''; // the same file chosen again is a new choice
      input.current.click();
    }
  };

  const check = async (file: File) => {
    setOpen(true);
    setPhase({ kind: 'checking', fileName: file.name });
    try {
      setPhase({ kind: 'previewed', status: await previewImport(componentID, projectId, file) });
    } catch (error) {
      setPhase({
        kind: 'refused',
        fileName: file.name,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const confirm = async (status: ImportStatus) => {
    setConfirming(true);
    try {
      const queued = { ...status, ...(await confirmImport(status.importId)), doneRows: 0 };
      setPhase({ kind: 'running', status: queued });
      void follow(queued);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      setConfirming(false);
    }
  };

  const close = () => {
    setOpen(false);
    if (phase.kind !== 'running') setPhase({ kind: 'idle' });
  };

  const running = phase.kind === 'running' ? phase.status : undefined;
  const fileName =
    phase.kind === 'checking' || phase.kind === 'refused'
      ? phase.fileName
      : phase.kind === 'idle'
        ? ''
        : phase.status.fileName;

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={phase.kind === 'running' ? () => setOpen(true) : choose}
      >
        {phase.kind === 'running' ? t('import.runningButton') : t('import.button')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={XLSX_TYPES}
        hidden
        aria-label={t('import.fileLabel')}
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
        }}
      />
      <Dialog
        open={open}
        onClose={phase.kind === 'checking' ? undefined : close}
        maxWidth="lg"
        fullWidth
        aria-labelledby="import-excel-title"
      >
        <DialogTitle id="import-excel-title">
          {t('import.title')}
          {fileName && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {fileName}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent dividers>
          {phase.kind === 'checking' && (
            <Stack spacing={1.5} sx={{ py: 2 }} aria-busy="true">
              <Typography>{t('import.checking')}</Typography>
              <LinearProgress aria-label={t('import.checking')} />
            </Stack>
          )}
          {phase.kind === 'refused' && (
            <Alert severity="error" data-testid="import-refused">
              {phase.message}
            </Alert>
          )}
          {phase.kind === 'previewed' && (
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('import.nothingWritten')}
              </Typography>
              <Suspense fallback={<LinearProgress />}>
                <ImportPreview status={phase.status} />
              </Suspense>
            </Stack>
          )}
          {phase.kind === 'running' && running && (
            <Stack spacing={1.5} sx={{ py: 2 }}>
              <Typography data-testid="import-progress-text">
                {running.state === 'queued'
                  ? t('import.queued', { count: running.totalRows })
                  : t('import.running', { done: running.doneRows, count: running.totalRows })}
              </Typography>
              <LinearProgress
                variant={running.state === 'queued' ? 'indeterminate' : 'determinate'}
                value={running.totalRows ? (100 * running.doneRows) / running.totalRows : 0}
                aria-label={t('import.progressLabel')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('import.allOrNothing')}
              </Typography>
            </Stack>
          )}
          {phase.kind === 'failed' && (
            <Stack spacing={2}>
              <Alert severity="error" data-testid="import-failed">
                {phase.status.Message}
              </Alert>
              <Suspense fallback={<LinearProgress />}>
                <ImportPreview status={phase.status} />
              </Suspense>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {phase.kind === 'running' ? (
            <Button onClick={close}>{t('import.background')}</Button>
          ) : (
            <>
              <Button onClick={close} disabled={phase.kind === 'checking' || confirming}>
                {t('import.cancel')}
              </Button>
              <Box sx={{ flex: 1 }} />
              {phase.kind !== 'checking' && (
                <Button onClick={choose} disabled={confirming}>
                  {t('import.chooseAnother')}
                </Button>
              )}
              {phase.kind === 'previewed' && (
                <Button
                  variant="contained"
                  disabled={phase.status.errorCount > 0 || confirming}
                  onClick={() => void confirm(phase.status)}
                >
                  {t('import.confirm', { count: phase.status.totalRows })}
                </Button>
              )}
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
