import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupMembersQuery, setGroupMembers, usersQuery, type Group, type UserRow } from '../api';
import { UsersField } from '../components/UsersField';
import { errorMessage } from '../../../lib/format';
import { useNotify } from '../components/useNotify';

/** The members of a group: every user of the platform to pick from; saving replaces the list. */
export default function GroupMembersDialog({
  group,
  onClose,
  onSaved,
}: {
  group: Group;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const members = useQuery(groupMembersQuery(group.id));
  const users = useQuery(usersQuery());
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="group-members-title">
      <DialogTitle id="group-members-title" sx={{ fontWeight: 700 }}>
        {t('groups.membersTitle', { name: group.name })}
      </DialogTitle>
      {members.data && users.data ? (
        <MembersForm
          group={group}
          users={users.data}
          initial={members.data.map((member) => member.id)}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <DialogContent>
          {members.isError || users.isError ? (
            errorMessage(members.error ?? users.error, t('common.loadError'))
          ) : (
            <LinearProgress />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function MembersForm({
  group,
  users,
  initial,
  onClose,
  onSaved,
}: {
  group: Group;
  users: UserRow[];
  initial: number[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [chosen, setChosen] = useState<UserRow[]>(() => users.filter((user) => initial.includes(user.id)));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await setGroupMembers(
        group.id,
        chosen.map((user) => user.id),
      );
      notify.success(t('groups.membersSaved'));
      onSaved();
      onClose();
    } catch (error) {
      notify.failure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('groups.membersHelp')}</DialogContentText>
        <UsersField
          users={users}
          value={chosen}
          onChange={setChosen}
          label={t('groups.members')}
          placeholder={t('groups.addMember')}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
