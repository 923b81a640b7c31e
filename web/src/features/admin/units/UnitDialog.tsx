import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '../api';
import { firstUserMatches } from '../components/userOptions';
import { UsersField } from '../components/UsersField';
import { useNotify } from '../components/useNotify';
import { saveOrgUnit, type OrgUnit, type OrgUnitInput } from './api';
import { pathOf, subtreeOf } from './tree';

/**
 * A unit's form: name, parent (any unit but itself and those below it; none is the top level),
 * manager, members and the active flag. unit null creates one under parentId.
 */
export default function UnitDialog({
  unit,
  parentId,
  units,
  users,
  onClose,
  onSaved,
}: {
  unit: OrgUnit | null;
  parentId: number | null;
  units: OrgUnit[];
  users: UserRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [name, setName] = useState(unit?.name ?? '');
  const [parent, setParent] = useState<number | null>(unit ? unit.parentId : parentId);
  const [active, setActive] = useState(unit?.active ?? true);
  const [manager, setManager] = useState<UserRow | null>(
    () => users.find((user) => user.id === unit?.managerId) ?? null,
  );
  const [members, setMembers] = useState<UserRow[]>(() =>
    users.filter((user) => unit?.members.some((member) => member.id === user.id)),
  );
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  const excluded = unit ? subtreeOf(units, unit.id) : new Set<number>();
  const parents = units.filter((candidate) => !excluded.has(candidate.id));
  const nameMissing = name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameMissing) return;
    const input: OrgUnitInput = {
      id: unit?.id ?? 0,
      name: name.trim(),
      parentId: parent,
      active,
      managerId: manager?.id ?? null,
      memberIds: members.map((user) => user.id),
    };
    setSaving(true);
    try {
      await saveOrgUnit(input);
      notify.success(unit ? t('orgUnits.saved') : t('orgUnits.created'));
      onSaved();
      onClose();
    } catch (error) {
      notify.failure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="org-unit-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="org-unit-title" sx={{ fontWeight: 700 }}>
          {unit ? t('orgUnits.editTitle', { name: unit.name }) : t('orgUnits.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('orgUnits.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={touched && nameMissing}
              helperText={touched && nameMissing ? t('orgUnits.nameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Autocomplete
              options={parents.map((candidate) => candidate.id)}
              value={parent}
              onChange={(_, value) => setParent(value)}
              getOptionLabel={(id) => pathOf(units, id)}
              renderInput={(params) => (
                <TextField {...params} label={t('orgUnits.parent')} placeholder={t('orgUnits.topLevel')} />
              )}
            />
            <Autocomplete
              options={users}
              value={manager}
              onChange={(_, value) => setManager(value)}
              getOptionLabel={(user) => `${user.name} (${user.login})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={firstUserMatches}
              renderInput={(params) => <TextField {...params} label={t('orgUnits.manager')} />}
            />
            <UsersField
              users={users}
              value={members}
              onChange={setMembers}
              label={t('orgUnits.members')}
              placeholder={t('orgUnits.addMember')}
            />
            <FormControlLabel
              control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
              label={t('orgUnits.active')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
