import '../i18n';
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddOutlined';
import AddChildIcon from '@mui/icons-material/SubdirectoryArrowRightOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import UnitIcon from '@mui/icons-material/AccountTreeOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersQuery } from '../api';
import { PageHeader } from '../components/PageHeader';
import { useConfirm } from '../components/useConfirm';
import { useNotify } from '../components/useNotify';
import { errorMessage, fold } from '../../../lib/format';
import { deleteOrgUnit, orgUnitKeys, orgUnitsQuery, type OrgUnit } from './api';
import { buildTree, filterUnits, type UnitNode } from './tree';

const UnitDialog = lazy(() => import('./UnitDialog'));

/** What the dialog edits: a unit, or a new one under parentId (null: top level). */
type Editing = { unit: OrgUnit; parentId: null } | { unit: null; parentId: number | null };

/**
 * The organizational structure: the units as a tree (a nested list), each with its manager and
 * members; add a unit or a sub-unit, edit (rename, move, manager, members, deactivate), delete.
 */
export default function OrgUnitsPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const units = useQuery(orgUnitsQuery());
  const users = useQuery(usersQuery());
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);

  const changed = () => void queryClient.invalidateQueries({ queryKey: orgUnitKeys.all });

  const remove = async (unit: OrgUnit) => {
    if (!(await confirm(t('orgUnits.deleteConfirm', { name: unit.name })))) return;
    try {
      await deleteOrgUnit(unit.id);
      notify.success(t('orgUnits.deleted'));
      changed();
    } catch (error) {
      notify.failure(error);
    }
  };

  const wanted = fold(text.trim());
  const all = units.data ?? [];
  const tree = buildTree(wanted ? filterUnits(all, (name) => fold(name).includes(wanted)) : all);

  const row = (node: UnitNode) => {
    const { unit } = node;
    return (
      <Box component="li" key={unit.id} aria-label={unit.name} sx={{ listStyle: 'none' }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            py: 0.75,
            pl: 1 + node.depth * 3,
            pr: 1,
            borderBottom: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <UnitIcon fontSize="small" color={unit.active ? 'primary' : 'disabled'} aria-hidden />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {unit.name}
              </Typography>
              {!unit.active && <Chip size="small" variant="outlined" label={t('orgUnits.inactive')} />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {[
                unit.managerName && t('orgUnits.managedBy', { name: unit.managerName }),
                t('orgUnits.memberCount', { count: unit.members.length }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <Tooltip disableInteractive title={t('orgUnits.addChild')}>
            <IconButton
              size="small"
              aria-label={t('orgUnits.addChildOf', { name: unit.name })}
              onClick={() => setEditing({ unit: null, parentId: unit.id })}
            >
              <AddChildIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip disableInteractive title={t('common.edit')}>
            <IconButton
              size="small"
              aria-label={t('orgUnits.editOf', { name: unit.name })}
              onClick={() => setEditing({ unit, parentId: null })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip disableInteractive title={t('common.delete')}>
            <IconButton
              size="small"
              aria-label={t('orgUnits.deleteOf', { name: unit.name })}
              onClick={() => void remove(unit)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {node.children.length > 0 && (
          <Box component="ul" aria-label={t('orgUnits.childrenOf', { name: unit.name })} sx={{ m: 0, p: 0 }}>
            {node.children.map(row)}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title={t('nav.orgUnits')}
        description={t('orgUnits.description')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ unit: null, parentId: null })}
          >
            {t('orgUnits.new')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            label={t('orgUnits.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            sx={{ width: 320, maxWidth: '100%' }}
          />
        </Box>
        {units.isFetching && <LinearProgress />}
        {units.isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {errorMessage(units.error, t('common.loadError'))}
          </Typography>
        ) : units.data && tree.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {wanted ? t('common.empty') : t('orgUnits.empty')}
          </Typography>
        ) : (
          <Box component="ul" aria-label={t('nav.orgUnits')} sx={{ m: 0, p: 0 }}>
            {tree.map(row)}
          </Box>
        )}
      </Paper>
      {editing && users.data && (
        <Suspense fallback={null}>
          <UnitDialog
            unit={editing.unit}
            parentId={editing.parentId}
            units={all}
            users={users.data}
            onClose={() => setEditing(null)}
            onSaved={changed}
          />
        </Suspense>
      )}
    </>
  );
}
