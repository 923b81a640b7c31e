import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { planKeys, savePlan, type Plan } from '../api';
import { bytesToGigabytes, gigabytesToBytes, parseLimit } from './usage';
import { useNotify } from '../components/useNotify';

/** The contracted plan's name and limits; an empty limit is unlimited. */
export default function PlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [name, setName] = useState(plan.name);
  const [users, setUsers] = useState(plan.limits.users === null ? '' : String(plan.limits.users));
  const [storage, setStorage] = useState(bytesToGigabytes(plan.limits.storageBytes));
  const [applications, setApplications] = useState(
    plan.limits.applications === null ? '' : String(plan.limits.applications),
  );
  const [saving, setSaving] = useState(false);
  const limits = {
    users: parseLimit(users),
    storageBytes: gigabytesToBytes(storage),
    applications: parseLimit(applications),
  };
  const invalid = name.trim() === '' || Object.values(limits).some((v) => v === undefined);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePlan({ name: name.trim(), limits: limits as Plan['limits'] });
      queryClient.setQueryData(planKeys.plan, saved);
      notify.success(t('plan.saved'));
      onClose();
    } catch (error) {
      notify.failure(error);
    } finally {
      setSaving(false);
    }
  };

  const limit = (label: string, value: string, onChange: (v: string) => void, unit?: string) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('plan.unlimited')}
      error={value.trim() !== '' && (unit ? gigabytesToBytes(value) : parseLimit(value)) === undefined}
      slotProps={{
        inputLabel: { shrink: true },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="plan-dialog-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) void save();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id="plan-dialog-title" sx={{ fontWeight: 700 }}>
          {t('plan.edit')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('plan.editHelp')}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              size="small"
              required
              label={t('plan.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={name.trim() === ''}
            />
            {limit(t('plan.users'), users, setUsers)}
            {limit(t('plan.storage'), storage, setStorage, 'GB')}
            {limit(t('plan.applications'), applications, setApplications)}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={invalid || saving}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
