import FolderIcon from '@mui/icons-material/FolderOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { Folder } from './api';
import { treeLines } from './folders';

/** The repository's folders as an indented list of links; the chosen one is marked current. */
export function FolderTree({
  folders,
  selected,
  onSelect,
}: {
  folders: Folder[];
  selected: number;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('repositories');
  return (
    <nav aria-label={t('tree.label')}>
      <List dense disablePadding>
        <ListItem disablePadding>
          <ListItemButton
            selected={selected === 0}
            aria-current={selected === 0 ? 'true' : undefined}
            onClick={() => onSelect(0)}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <HomeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('tree.top')} />
          </ListItemButton>
        </ListItem>
        {treeLines(folders).map(({ folder, depth }) => {
          const current = folder.id === selected;
          return (
            <ListItem key={folder.id} disablePadding>
              <ListItemButton
                selected={current}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(folder.id)}
                sx={{ pl: 2 + (depth + 1) * 2 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {current ? <FolderOpenIcon fontSize="small" /> : <FolderIcon fontSize="small" />}
                </ListItemIcon>
                <ListItemText primary={folder.name} slotProps={{ primary: { noWrap: true } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
