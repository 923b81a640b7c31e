import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, RepositoryFile } from './api';
import { treeLines } from './folders';

/** Where a file goes: any folder of its repository, or the top. */
export function MoveDialog({
  file,
  folders,
  onMove,
  onClose,
}: {
  file: RepositoryFile;
  folders: Folder[];
  onMove: (folderId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('repositories');
  const titleId = useId();
  const [target, setTarget] = useState(file.folderId ?? 0);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('files.moveTitle', { name: file.name })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label={t('files.moveTo')}
          value={target}
          onChange={(event) => setTarget(Number(event.target.value))}
          fullWidth
          sx={{ mt: 1 }}
        >
          <MenuItem value={0}>{t('tree.top')}</MenuItem>
          {treeLines(folders).map(({ folder, depth }) => (
            <MenuItem key={folder.id} value={folder.id} sx={{ pl: 2 + depth * 2 }}>
              {folder.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('files.cancel')}
        </Button>
        <Button variant="contained" disabled={target === (file.folderId ?? 0)} onClick={() => onMove(target)}>
          {t('files.moveConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
