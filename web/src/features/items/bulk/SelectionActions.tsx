import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import EditNoteIcon from '@mui/icons-material/EditNote';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteItemsDialog } from '../../deletion';
import type { Operation } from '../../operations';
import { ActionsMenu } from '../../workflow';
import '../i18n';
import { bulkOperationsQuery } from './api';

// The form renderer (rich text editor and all) loads only when a bulk edit opens.
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));
// The operation's parameter form carries the date pickers: loaded when an operation is chosen.
const BulkOperationDialog = lazy(() =>
  import('./BulkOperationDialog').then((m) => ({ default: m.BulkOperationDialog })),
);

export interface SelectionActionsProps {
  componentId: number;
  /** The list's form (0: the type's first): what a bulk edit offers. */
  formId: number;
  ids: number[];
  /** The selected items changed (bulk edit, transition, bulk operation): the list reloads. */
  onChanged: () => void;
  /** The caller may delete items of the type (getListControlData's canDelete). */
  canDelete?: boolean;
  /** The selected items were deleted: the list reloads without them. */
  onDeleted?: () => void;
}

/**
 * What the list does with its selection: bulk edit, the workflow's actions (Tramitar) and the
 * type's bulk operations. On a phone the bulk edit and the operations fold into one menu.
 */
export function SelectionActions({
  componentId,
  formId,
  ids,
  onChanged,
  canDelete = false,
  onDeleted = onChanged,
}: SelectionActionsProps) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const operations = useQuery(bulkOperationsQuery(componentId, lang)).data ?? [];
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [operation, setOperation] = useState<Operation | null>(null);
  const [opsAnchor, setOpsAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);

  // Whatever the selection does needs one item at least (spec's selection messages).
  const withSelection = (then: () => void) => {
    setOpsAnchor(null);
    setMoreAnchor(null);
    if (ids.length === 0) {
      enqueueSnackbar(t('selection.selectAtLeastOne'), { variant: 'warning' });
      return;
    }
    then();
  };
  const operationItems = operations.map((op) => (
    <MenuItem key={op.id} onClick={() => withSelection(() => setOperation(op))}>
      <ListItemIcon>
        <BoltOutlinedIcon fontSize="small" />
      </ListItemIcon>
      {op.name}
    </MenuItem>
  ));

  return (
    <Box
      role="toolbar"
      aria-label={t('selection.toolbar')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 44,
        px: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        // A selection tints the bar, so it reads as acting on the ticked rows.
        bgcolor: ids.length ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
      }}
    >
      <Typography
        variant="body2"
        color={ids.length ? 'text.primary' : 'text.secondary'}
        sx={{
          fontWeight: ids.length ? 600 : 400,
          mr: 'auto',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
        data-testid="selection-count"
      >
        {ids.length ? t('selection.count', { count: ids.length }) : t('selection.none')}
      </Typography>
      {!narrow && (
        <Button startIcon={<EditNoteIcon />} onClick={() => withSelection(() => setEditing(true))}>
          {t('selection.bulkEdit')}
        </Button>
      )}
      <ActionsMenu componentId={componentId} ids={ids} onDone={onChanged} />
      {!narrow && canDelete && (
        <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => withSelection(() => setDeleting(true))}>
          {t('selection.delete')}
        </Button>
      )}
      {!narrow && operations.length > 0 && (
        <>
          <Button endIcon={<ArrowDropDownIcon />} aria-haspopup="menu" onClick={(e) => setOpsAnchor(e.currentTarget)}>
            {t('selection.operations')}
          </Button>
          <Menu
            anchorEl={opsAnchor}
            open={opsAnchor !== null}
            onClose={() => setOpsAnchor(null)}
            slotProps={{ list: { 'aria-label': t('selection.operationsMenu') } }}
          >
            {operationItems}
          </Menu>
        </>
      )}
      {narrow && (
        <>
          <IconButton
            aria-label={t('selection.more')}
            aria-haspopup="menu"
            onClick={(e) => setMoreAnchor(e.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu
            anchorEl={moreAnchor}
            open={moreAnchor !== null}
            onClose={() => setMoreAnchor(null)}
            slotProps={{ list: { 'aria-label': t('selection.more') } }}
          >
            <MenuItem onClick={() => withSelection(() => setEditing(true))}>
              <ListItemIcon>
                <EditNoteIcon fontSize="small" />
              </ListItemIcon>
              {t('selection.bulkEdit')}
            </MenuItem>
            {canDelete && (
              <MenuItem onClick={() => withSelection(() => setDeleting(true))}>
                <ListItemIcon>
                  <DeleteOutlinedIcon fontSize="small" />
                </ListItemIcon>
                {t('selection.delete')}
              </MenuItem>
            )}
            {operations.length > 0 && <Divider />}
            {operations.length > 0 && (
              <ListSubheader sx={{ lineHeight: '32px' }}>{t('selection.operationsMenu')}</ListSubheader>
            )}
            {operationItems}
          </Menu>
        </>
      )}
      {editing && (
        <Suspense fallback={null}>
          <BulkEditDialog
            componentId={componentId}
            formId={formId}
            ids={ids}
            onClose={() => setEditing(false)}
            onDone={() => {
              setEditing(false);
              onChanged();
            }}
          />
        </Suspense>
      )}
      {deleting && (
        <DeleteItemsDialog
          componentId={componentId}
          ids={ids}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            onDeleted();
          }}
        />
      )}
      {operation && (
        <Suspense fallback={null}>
          <BulkOperationDialog
            operation={operation}
            componentId={componentId}
            ids={ids}
            onClose={() => setOperation(null)}
            onDone={onChanged}
          />
        </Suspense>
      )}
    </Box>
  );
}
