import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridLocaleText,
  type GridPaginationModel,
} from '@mui/x-data-grid';
import { enUS, ptBR } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../lib/format';
import type { FilePage, RepositoryFile } from './api';

export interface FileActions {
  download: (file: RepositoryFile) => void;
  versions: (file: RepositoryFile) => void;
  lock: (file: RepositoryFile) => void;
  unlock: (file: RepositoryFile) => void;
  move: (file: RepositoryFile) => void;
  remove: (file: RepositoryFile) => void;
}

/** A folder's files, a page at a time from the server, with what the caller may do to each. */
export function FilesGrid({
  folderName,
  page,
  loading,
  pagination,
  onPagination,
  userId,
  canUnlockAny,
  actions,
}: {
  folderName: string;
  page: FilePage | undefined;
  loading: boolean;
  pagination: GridPaginationModel;
  onPagination: (model: GridPaginationModel) => void;
  userId: number;
  canUnlockAny: boolean;
  actions: FileActions;
}) {
  const { t, i18n } = useTranslation('repositories');
  const canWrite = page?.canWrite === true;
  const localeText = useMemo<Partial<GridLocaleText>>(
    () => ({
      ...(i18n.language === 'en' ? enUS : ptBR).components.MuiDataGrid.defaultProps.localeText,
      noRowsLabel: t('files.empty'),
    }),
    [i18n.language, t],
  );
  const columns = useMemo<GridColDef<RepositoryFile>[]>(
    () => [
      {
        field: 'name',
        headerName: t('files.name'),
        flex: 2,
        minWidth: 200,
        sortable: false,
        // The check-out sits by the name, so the grid fits beside the folder tree.
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.name}
            </Box>
            {row.lockedById !== null && (
              <Chip size="small" icon={<LockIcon />} label={t('files.lockedBy', { name: row.lockedBy })} />
            )}
          </Box>
        ),
      },
      {
        field: 'version',
        headerName: t('files.version'),
        width: 80,
        sortable: false,
        valueFormatter: (value: number) => `v${value}`,
      },
      {
        field: 'size',
        headerName: t('files.size'),
        width: 100,
        sortable: false,
        valueFormatter: (value: number) => formatBytes(value, i18n.language),
      },
      { field: 'modifiedBy', headerName: t('files.modifiedBy'), flex: 1, minWidth: 110, sortable: false },
      {
        field: 'modifiedAt',
        headerName: t('files.modifiedAt'),
        width: 140,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('files.actions'),
        width: 150,
        getActions: ({ row }) => {
          const mine = row.lockedById === userId;
          const free = row.lockedById === null || mine;
          const items = [
            <GridActionsCellItem
              key="download"
              icon={<DownloadIcon />}
              label={t('files.download', { name: row.name })}
              onClick={() => actions.download(row)}
            />,
            <GridActionsCellItem
              key="versions"
              icon={<HistoryIcon />}
              label={t('files.versions', { name: row.name })}
              onClick={() => actions.versions(row)}
            />,
          ];
          if (canWrite && row.lockedById === null) {
            items.push(
              <GridActionsCellItem
                key="lock"
                icon={<LockIcon />}
                label={t('files.lockFile', { name: row.name })}
                onClick={() => actions.lock(row)}
              />,
            );
          }
          if (canWrite && row.lockedById !== null && (mine || canUnlockAny)) {
            items.push(
              <GridActionsCellItem
                key="unlock"
                icon={<LockOpenIcon />}
                label={t('files.unlockFile', { name: row.name })}
                onClick={() => actions.unlock(row)}
              />,
            );
          }
          if (canWrite && free) {
            items.push(
              <GridActionsCellItem
                key="move"
                icon={<MoveIcon />}
                label={t('files.move', { name: row.name })}
                onClick={() => actions.move(row)}
                showInMenu
              />,
              <GridActionsCellItem
                key="delete"
                icon={<DeleteIcon />}
                label={t('files.deleteFile', { name: row.name })}
                onClick={() => actions.remove(row)}
                showInMenu
              />,
            );
          }
          return items;
        },
      },
    ],
    [t, i18n.language, userId, canWrite, canUnlockAny, actions],
  );

  return (
    <DataGrid<RepositoryFile>
      aria-label={t('files.grid', { folder: folderName })}
      rows={page?.files ?? []}
      rowCount={page?.total ?? 0}
      columns={columns}
      loading={loading}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={onPagination}
      pageSizeOptions={[25, 50, 100]}
      disableRowSelectionOnClick
      disableColumnMenu
      localeText={localeText}
      autoHeight
      density="compact"
    />
  );
}
