import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../components/dialogs/useDialogs';
import { errorMessage, formatBytes, formatDateTime } from '../../lib/format';
import { checkIn, repositoryKeys, restoreVersion, versionsQuery, type RepositoryFile, type Version } from './api';
import { useNotify } from './useNotify';

/** A file's versions, newest first: who, when, why; download any, restore one, check in the next. */
export function VersionsDialog({
  file,
  userId,
  onDownload,
  onClose,
}: {
  file: RepositoryFile;
  userId: number;
  onDownload: (file: RepositoryFile, version: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('repositories');
  const titleId = useId();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { confirm } = useDialogs();
  const list = useQuery(versionsQuery(file.id));
  const [chosen, setChosen] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const current = list.data?.file ?? file;
  const canWrite = list.data?.canWrite === true;
  const lockedByOther = current.lockedById !== null && current.lockedById !== userId;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: repositoryKeys.versions(file.id) });
    void queryClient.invalidateQueries({ queryKey: repositoryKeys.files(file.projectId) });
  };
  const checkInVersion = useMutation({
    mutationFn: (next: File) => checkIn(file.id, comment.trim(), next),
    onSuccess: (answer) => {
      notify.success(answer.Message);
      setChosen(null);
      setComment('');
      refresh();
    },
    onError: notify.failure,
  });
  const restore = useMutation({
    mutationFn: (v: Version) => restoreVersion(file.id, v.version, ''),
    onSuccess: (answer, v) => {
      notify.success(t('versions.restored', { from: v.version, version: answer.version }));
      refresh();
    },
    onError: notify.failure,
  });
  const askRestore = (v: Version) =>
    confirm(t('versions.confirmRestore', { version: v.version })).then(
      () => restore.mutate(v),
      () => undefined,
    );
  const busy = checkInVersion.isPending || restore.isPending;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('versions.title', { name: current.name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ height: 4 }}>{(list.isFetching || busy) && <LinearProgress />}</Box>
        {current.lockedById !== null && (
          <Alert severity={lockedByOther ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {lockedByOther
              ? t('versions.lockedByOther', { name: current.lockedBy, date: formatDateTime(current.lockedAt) })
              : t('versions.lockedByMe', { date: formatDateTime(current.lockedAt) })}
          </Alert>
        )}
        {list.isError && <Alert severity="error">{errorMessage(list.error, t('list.loadError'))}</Alert>}
        <Table size="small" aria-label={t('versions.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('versions.version')}</TableCell>
              <TableCell>{t('versions.by')}</TableCell>
              <TableCell>{t('versions.at')}</TableCell>
              <TableCell>{t('versions.comment')}</TableCell>
              <TableCell align="right">{t('versions.size')}</TableCell>
              <TableCell align="right">{t('versions.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.versions.map((v) => {
              const newest = v.version === current.version;
              return (
                <TableRow key={v.version}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {`v${v.version}`}
                    {newest && <Chip size="small" label={t('versions.current')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{v.createdBy}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.createdAt)}</TableCell>
                  <TableCell>
                    {v.comment}
                    {v.restoredFrom !== null && (
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ ml: v.comment ? 1 : 0 }}
                      >
                        {t('versions.restoredFrom', { version: v.restoredFrom })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(v.size, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('versions.download', { version: v.version })}>
                      <IconButton
                        size="small"
                        aria-label={t('versions.download', { version: v.version })}
                        onClick={() => onDownload(current, v.version)}
                      >
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {canWrite && !newest && !lockedByOther && (
                      <Tooltip title={t('versions.restore', { version: v.version })}>
                        <IconButton
                          size="small"
                          aria-label={t('versions.restore', { version: v.version })}
                          onClick={() => void askRestore(v)}
                          disabled={busy}
                        >
                          <RestoreIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {canWrite && !lockedByOther && (
          <Box component="section" aria-label={t('versions.checkInTitle')} sx={{ mt: 3 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('versions.checkInTitle')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
              <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
                {t('versions.chooseFile')}
              </Button>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {chosen ? chosen.name : t('versions.noFile')}
              </Typography>
              <input
                ref={input}
                type="file"
                hidden
                data-testid="check-in-file"
                onChange={(event) => setChosen(event.target.files?.[0] ?? null)}
              />
            </Box>
            <TextField
              label={t('versions.checkInComment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('versions.close')}
        </Button>
        {canWrite && !lockedByOther && (
          <Button
            variant="contained"
            disabled={!chosen || busy}
            onClick={() => chosen && checkInVersion.mutate(chosen)}
          >
            {t('versions.checkIn')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
