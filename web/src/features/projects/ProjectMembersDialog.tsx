import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceChoice } from '../../api/referenceSources';
import { LookupField } from '../../components/LookupField';
import { errorMessage, fieldErrors } from '../../lib/format';
import { permissionsQuery, permissionsSaved, ROLES, saveProjectPermissions, type Permissions, type Role } from './api';
import { MemberRow } from './MemberRow';
import { keyOf, membersOf, rowErrorsOf, type Member, type MemberKind } from './members';
import { useNotify } from './useNotify';
import './i18n';

/**
 * Who works in a project and how: users and groups, each manager, member or read only. Saving
 * sends the whole lists (saveProjectPermissions); without the right (`readOnly`) it only shows them.
 */
export function ProjectMembersDialog({
  projectId,
  onClose,
  onSaved,
}: {
  projectId: number;
  onClose: () => void;
  onSaved?: (permissions: Permissions) => void;
}) {
  const { t } = useTranslation('projects');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const permissions = useQuery(permissionsQuery(projectId));
  const data = permissions.data;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {data ? t('members.title', { name: data.projectName }) : t('members.titleLoading')}
      </DialogTitle>
      {data ? (
        <MembersForm permissions={data} onClose={onClose} onSaved={onSaved} />
      ) : (
        <>
          <DialogContent>
            {permissions.isError ? (
              <Alert severity="error">{errorMessage(permissions.error, t('members.loadError'))}</Alert>
            ) : (
              <LinearProgress aria-label={t('members.loading')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={onClose}>
              {t('members.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function MembersForm({
  permissions,
  onClose,
  onSaved,
}: {
  permissions: Permissions;
  onClose: () => void;
  onSaved?: (permissions: Permissions) => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const editable = !permissions.readOnly;
  const [members, setMembers] = useState<Member[]>(() => membersOf(permissions));
  const [kind, setKind] = useState<MemberKind>('user');
  const [choice, setChoice] = useState<ReferenceChoice | null>(null);
  const [role, setRole] = useState<Role>('member');
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  // The focus after a change, not left on the page: a removal's next line (its remove button), or
  // the picker ('') after an addition, whose button turns disabled, or the last line's removal.
  const focusAfterChange = useRef<string | null>(null);

  useEffect(() => {
    const key = focusAfterChange.current;
    if (key === null) return;
    focusAfterChange.current = null;
    const target =
      listRef.current?.querySelector<HTMLElement>(`[data-member="${key}"] [data-remove]`) ??
      listRef.current?.parentElement?.querySelector<HTMLElement>('input[name="member"]');
    target?.focus();
  }, [members]);

  const users = members.filter((member) => member.kind === 'user');
  const groups = members.filter((member) => member.kind === 'group');
  const hasManager = members.some((member) => member.role === 'manager');

  const add = () => {
    if (!choice) return;
    setMembers((current) => [
      ...current,
      { kind, id: choice.id, name: choice.label, login: kind === 'user' ? (choice.secondary ?? '') : '', role },
    ]);
    setChoice(null);
    focusAfterChange.current = '';
  };

  const changeRole = (member: Member, next: Role) =>
    setMembers((current) => current.map((m) => (keyOf(m) === keyOf(member) ? { ...m, role: next } : m)));

  const remove = (member: Member) => {
    const sameKind = members.filter((m) => m.kind === member.kind);
    const at = sameKind.findIndex((m) => keyOf(m) === keyOf(member));
    const neighbour = sameKind[at + 1] ?? sameKind[at - 1];
    setMembers((current) => current.filter((m) => keyOf(m) !== keyOf(member)));
    focusAfterChange.current = neighbour ? keyOf(neighbour) : '';
  };

  const save = async () => {
    setSaving(true);
    setFailure('');
    setRowErrors({});
    const input = {
      projectId: permissions.projectId,
      users: users.map(({ id, role: r }) => ({ id, role: r })),
      groups: groups.map(({ id, role: r }) => ({ id, role: r })),
    };
    try {
      const saved = await saveProjectPermissions(input);
      permissionsSaved(queryClient, saved);
      notify.success(t('members.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setRowErrors(rowErrorsOf(fieldErrors(error), users, groups));
      setFailure(errorMessage(error, tc('error.default')));
    } finally {
      setSaving(false);
    }
  };

  const section = (title: string, list: Member[], empty: string) => (
    <Box component="section" aria-label={title} sx={{ mt: 2.5 }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ fontWeight: 700, display: 'block' }}>
        {title} ({list.length})
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((member) => (
            <MemberRow
              key={keyOf(member)}
              member={member}
              editable={editable}
              error={rowErrors[keyOf(member)]}
              onRole={(next) => changeRole(member, next)}
              onRemove={() => remove(member)}
            />
          ))}
        </Box>
      )}
    </Box>
  );

  return (
    <>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {editable ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('members.help')}
          </Typography>
        ) : (
          <Alert severity="info" role="status" sx={{ mb: 1 }}>
            {t('members.readOnly')}
          </Alert>
        )}
        {editable && (
          <Box
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, display: 'grid', gap: 1.5 }}
          >
            <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 600 }}>
              {t('members.addKind')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={kind}
              onChange={(_event, next: MemberKind | null) => {
                if (next) {
                  setKind(next);
                  setChoice(null);
                }
              }}
              aria-label={t('members.addKind')}
            >
              <ToggleButton value="user">{t('members.user')}</ToggleButton>
              <ToggleButton value="group">{t('members.group')}</ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <LookupField
                  key={kind}
                  source={kind === 'user' ? 'users' : 'groups'}
                  name="member"
                  size="small"
                  label={kind === 'user' ? t('members.user') : t('members.group')}
                  value={choice}
                  onChange={setChoice}
                  exclude={members.filter((m) => m.kind === kind).map((m) => m.id)}
                />
              </Box>
              <TextField
                select
                size="small"
                label={t('members.role')}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                sx={{ flex: '0 0 170px' }}
              >
                {ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`roles.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="outlined" onClick={add} disabled={!choice} sx={{ alignSelf: 'center' }}>
                {t('members.add')}
              </Button>
            </Box>
          </Box>
        )}
        {editable && !hasManager && (
          <Alert severity="warning" role="status" sx={{ mt: 2 }}>
            {t('members.noManager')}
          </Alert>
        )}
        <Box ref={listRef}>
          {section(t('members.users'), users, t('members.noUsers'))}
          {section(t('members.groups'), groups, t('members.noGroups'))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={onClose}>
          {editable ? t('members.cancel') : t('members.close')}
        </Button>
        {editable && (
          <Button variant="contained" disabled={saving} onClick={() => void save()}>
            {t('members.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
