import AddIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteIcon from '@mui/icons-material/FolderDeleteOutlined';
import EditIcon from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../app/useSession';
import { useDialogs } from '../../components/dialogs/useDialogs';
import { saveBlob } from '../../lib/download';
import { errorMessage } from '../../lib/format';
import {
  createFolder,
  deleteFile,
  deleteFolder,
  downloadVersion,
  filesQuery,
  lockFile,
  moveFile,
  renameFolder,
  repositoryKeys,
  treeQuery,
  unlockFile,
  uploadToFolder,
  type RepositoryFile,
} from './api';
import { FilesGrid, type FileActions } from './FilesGrid';
import { FolderTree } from './FolderTree';
import { folderPath } from './folders';
import { MoveDialog } from './MoveDialog';
import { useNotify } from './useNotify';
import { VersionsDialog } from './VersionsDialog';
import './i18n';

/**
 * /runtime/{appID}/repository/{projectId}/{fileForm}/{folderForm}/{title}: a project's document
 * repository. The folder tree on the left, the chosen folder's files on the right; members who may
 * write create, rename and delete folders, upload by the button or by dropping files, and keep
 * versions and check-outs (docs/documents.md, "Repositories").
 */
export default function RepositoryPage() {
  const { t } = useTranslation('repositories');
  const params = useParams();
  const project = Number(params.projectId);
  const session = useSession();
  const userId = session?.loggedUser.id ?? 0;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { confirm, prompt } = useDialogs();
  const [folder, setFolder] = useState(0);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 100 });
  const [versionsOf, setVersionsOf] = useState<RepositoryFile | null>(null);
  const [moving, setMoving] = useState<RepositoryFile | null>(null);
  const [progress, setProgress] = useState<{ count: number; percent: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const tree = useQuery(treeQuery(project));
  const folders = useMemo(() => tree.data?.folders ?? [], [tree.data]);
  const files = useQuery({
    ...filesQuery(project, folder, pagination.page, pagination.pageSize),
    enabled: tree.isSuccess,
  });
  const canWrite = tree.data?.canWrite === true;
  const folderName = folder === 0 ? t('tree.top') : folderPath(folders, folder);
  const title = tree.data?.projectName ?? params.title ?? t('title');

  const refreshTree = () => void queryClient.invalidateQueries({ queryKey: repositoryKeys.tree(project) });
  const refreshFiles = () => void queryClient.invalidateQueries({ queryKey: repositoryKeys.files(project) });
  const choose = (id: number) => {
    setFolder(id);
    setPagination((p) => ({ ...p, page: 0 }));
  };

  const upload = useMutation({
    mutationFn: (chosen: File[]) => {
      setProgress({ count: chosen.length, percent: 0 });
      return uploadToFolder(project, folder, chosen, (percent) => setProgress({ count: chosen.length, percent }));
    },
    onSuccess: (answer) => {
      notify.success(answer.Message);
      refreshFiles();
    },
    onError: notify.failure,
    onSettled: () => setProgress(null),
  });
  const send = (chosen: File[]) => {
    if (chosen.length > 0 && canWrite && !upload.isPending) upload.mutate(chosen);
  };

  const folderCall = useMutation({
    mutationFn: (run: () => Promise<string>) => run(),
    onSuccess: (message) => {
      notify.success(message);
      refreshTree();
    },
    onError: notify.failure,
  });
  const newFolder = () =>
    prompt({ title: t('tree.newTitle', { parent: folderName }), label: t('tree.name'), required: true }).then(
      (name) =>
        folderCall.mutate(async () => {
          const made = await createFolder(project, folder, name);
          setFolder(made.id);
          return t('tree.created', { name: made.name });
        }),
      () => undefined,
    );
  const current = folders.find((f) => f.id === folder);
  const rename = () =>
    current &&
    prompt({
      title: t('tree.renameTitle', { name: current.name }),
      label: t('tree.name'),
      defaultValue: current.name,
      required: true,
    }).then(
      (name) => folderCall.mutate(async () => t('tree.renamed', { name: (await renameFolder(current.id, name)).name })),
      () => undefined,
    );
  const removeFolder = () =>
    current &&
    confirm(t('tree.confirmDelete', { name: current.name })).then(
      () =>
        folderCall.mutate(async () => {
          const answer = await deleteFolder(current.id);
          setFolder(current.parentId ?? 0);
          return answer.Message;
        }),
      () => undefined,
    );

  const fileCall = useMutation({
    mutationFn: (run: () => Promise<string>) => run(),
    onSuccess: (message) => {
      notify.success(message);
      refreshFiles();
      refreshTree();
    },
    onError: notify.failure,
  });
  const download = (file: RepositoryFile, version = 0) =>
    downloadVersion(file.id, version).then((blob) => saveBlob(blob, file.name), notify.failure);
  const actions: FileActions = {
    download: (file) => void download(file),
    versions: setVersionsOf,
    lock: (file) => fileCall.mutate(async () => (await lockFile(file.id), t('files.locked', { name: file.name }))),
    unlock: (file) =>
      fileCall.mutate(async () => (await unlockFile(file.id), t('files.unlocked', { name: file.name }))),
    move: setMoving,
    remove: (file) =>
      void confirm(t('files.confirmDeleteFile', { name: file.name })).then(
        () => fileCall.mutate(async () => (await deleteFile(file.id)).Message),
        () => undefined,
      ),
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(Array.from(event.dataTransfer.files));
  };

  if (tree.isError) {
    return <Alert severity="error">{errorMessage(tree.error, t('list.loadError'))}</Alert>;
  }

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: 22, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', md: 'row' } }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0, overflow: 'hidden' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 1, gap: 0.5 }}>
            <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
              {t('tree.label')}
            </Typography>
            {canWrite && (
              <>
                <Tooltip title={t('tree.newFolder')}>
                  <IconButton size="small" aria-label={t('tree.newFolder')} onClick={() => void newFolder()}>
                    <AddIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('tree.rename')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('tree.rename')}
                      disabled={!current}
                      onClick={() => void rename()}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('tree.delete')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('tree.delete')}
                      disabled={!current}
                      onClick={() => void removeFolder()}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            )}
          </Box>
          <Box sx={{ height: 3 }}>
            {(tree.isFetching || folderCall.isPending) && <LinearProgress sx={{ height: 3 }} />}
          </Box>
          <FolderTree folders={folders} selected={folder} onSelect={choose} />
        </Paper>

        <Box
          component="section"
          aria-label={folderName}
          sx={{ flex: 1, minWidth: 0, width: '100%', position: 'relative' }}
          onDragOver={(event) => {
            if (!canWrite) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={canWrite ? onDrop : undefined}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
              {folderName}
            </Typography>
            {canWrite ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('files.dropHint')}
                </Typography>
                <Button
                  variant="contained"
                  startIcon={<UploadIcon />}
                  onClick={() => input.current?.click()}
                  disabled={upload.isPending}
                >
                  {t('files.upload')}
                </Button>
                <input
                  ref={input}
                  type="file"
                  multiple
                  hidden
                  data-testid="upload-files"
                  onChange={(event) => {
                    send(Array.from(event.target.files ?? []));
                    event.target.value = '';
                  }}
                />
              </>
            ) : (
              tree.isSuccess && <Alert severity="info">{t('files.readOnly')}</Alert>
            )}
          </Box>
          {progress && (
            <Box sx={{ mb: 1.5 }} role="status">
              <Typography variant="body2">{t('files.uploading', progress)}</Typography>
              <LinearProgress
                variant="determinate"
                value={progress.percent}
                aria-label={t('files.uploading', progress)}
              />
            </Box>
          )}
          <Paper
            variant="outlined"
            sx={{
              outline: dragging ? '2px dashed' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            }}
          >
            {dragging && (
              <Typography sx={{ p: 1.5, textAlign: 'center', color: 'primary.main' }} aria-hidden>
                {t('files.drop', { folder: folderName })}
              </Typography>
            )}
            <FilesGrid
              folderName={folderName}
              page={files.data}
              loading={files.isFetching || fileCall.isPending}
              pagination={pagination}
              onPagination={setPagination}
              userId={userId}
              canUnlockAny={tree.data?.canUnlockAny === true}
              actions={actions}
            />
          </Paper>
        </Box>
      </Box>
      {versionsOf && (
        <VersionsDialog
          file={versionsOf}
          userId={userId}
          onDownload={(file, version) => void download(file, version)}
          onClose={() => setVersionsOf(null)}
        />
      )}
      {moving && (
        <MoveDialog
          file={moving}
          folders={folders}
          onClose={() => setMoving(null)}
          onMove={(target) => {
            const file = moving;
            setMoving(null);
            fileCall.mutate(async () => {
              await moveFile(file.id, target);
              return t('files.moved', {
                name: file.name,
                folder: target === 0 ? t('tree.top') : folderPath(folders, target),
              });
            });
          }}
        />
      )}
    </Box>
  );
}
