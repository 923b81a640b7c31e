import '../i18n';
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/GroupAddOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MembersIcon from '@mui/icons-material/ManageAccountsOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogCancelled, useDialogs } from '../../../components/dialogs/useDialogs';
import { deleteGroup, groupKeys, groupsQuery, saveGroup, userKeys, type Group } from '../api';
import { DataTable, RowActions, type Column } from '../components/DataTable';
import { FilterField } from '../components/FilterField';
import { PageHeader } from '../components/PageHeader';
import { useConfirm } from '../components/useConfirm';
import { errorMessage, fold } from '../../../lib/format';
import { useNotify } from '../components/useNotify';

const GroupMembersDialog = lazy(() => import('./GroupMembersDialog'));

/** The groups grid (spec section 2): one filterable column, name; create, rename, members, delete. */
export default function GroupsPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const { prompt } = useDialogs();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const groups = useQuery(groupsQuery());
  const [name, setName] = useState('');
  const [members, setMembers] = useState<Group | null>(null);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.initialData() });
  };
  const fail = (error: unknown) => notify.failure(error);

  const edit = async (group?: Group) => {
    let value: string;
    try {
      value = await prompt({
        title: group ? t('groups.renameTitle') : t('groups.newTitle'),
        label: t('groups.name'),
        defaultValue: group?.name ?? '',
        required: true,
      });
    } catch (error) {
      if (error instanceof DialogCancelled) return;
      throw error;
    }
    try {
      await saveGroup({ id: group?.id ?? 0, name: value.trim() });
      notify.success(group ? t('groups.renamed') : t('groups.created'));
      changed();
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (group: Group) => {
    if (!(await confirm(t('groups.deleteConfirm', { name: group.name })))) return;
    try {
      await deleteGroup(group.id);
      notify.success(t('groups.deleted'));
      changed();
    } catch (error) {
      fail(error);
    }
  };

  const wanted = fold(name.trim());
  const rows = groups.data?.filter((group) => fold(group.name).includes(wanted));

  const columns: Column<Group>[] = [
    {
      key: 'name',
      header: t('groups.name'),
      render: (group) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {group.name}
          </Typography>
          {group.allUsers && <Chip size="small" label={t('groups.allUsers')} variant="outlined" />}
        </Stack>
      ),
    },
    { key: 'members', header: t('groups.members'), width: 140, align: 'right', render: (group) => group.members },
    {
      key: 'actions',
      header: '',
      width: 150,
      align: 'right',
      render: (group) => (
        <RowActions>
          <Tooltip title={t('groups.editMembers')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('groups.editMembersOf', { name: group.name })}
                disabled={group.allUsers}
                onClick={() => setMembers(group)}
              >
                <MembersIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('groups.rename')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('groups.renameOf', { name: group.name })}
                disabled={group.allUsers}
                onClick={() => void edit(group)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('groups.deleteOf', { name: group.name })}
                disabled={group.allUsers}
                onClick={() => void remove(group)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.groups')}
        description={t('groups.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void edit()}>
            {t('groups.new')}
          </Button>
        }
      />
      <DataTable
        label={t('nav.groups')}
        columns={columns}
        rows={rows}
        loading={groups.isFetching}
        error={groups.isError ? errorMessage(groups.error, t('common.loadError')) : undefined}
        filters={{ name: <FilterField column={t('groups.name')} value={name} onChange={setName} /> }}
        onRowClick={(group) => !group.allUsers && setMembers(group)}
      />
      {members && (
        <Suspense fallback={null}>
          <GroupMembersDialog group={members} onClose={() => setMembers(null)} onSaved={changed} />
        </Suspense>
      )}
    </>
  );
}
