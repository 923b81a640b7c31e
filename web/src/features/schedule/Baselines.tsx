import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { baselinesQuery, deleteBaseline, saveBaseline, scheduleKeys, type BaselineList } from './api';

interface BaselinesProps {
  projectId: number;
  viewId: number;
  /** The baseline compared with (0: none). */
  value: number;
  onChange: (baselineId: number) => void;
}

/**
 * The schedule's baselines: the one compared with (its dates and slip in the grid), and, for who
 * may change the project's tasks, saving the schedule as a new one and deleting the one chosen.
 */
export function Baselines({ projectId, viewId, value, onChange }: BaselinesProps) {
  const { t, i18n } = useTranslation('schedule');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const list = useQuery(baselinesQuery(projectId, viewId));
  const [naming, setNaming] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const updated = (next: BaselineList) => queryClient.setQueryData(scheduleKeys.baselines(projectId, viewId), next);

  const save = useMutation({
    mutationFn: (name: string) => saveBaseline(projectId, viewId, name),
    onSuccess: (next, name) => {
      updated(next);
      setNaming(false);
      const saved = next.baselines.find((b) => b.name === name.trim());
      if (saved) onChange(saved.id);
      enqueueSnackbar(t('baseline.saved', { name: name.trim() }), { variant: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteBaseline(value),
    onSuccess: (next) => {
      updated(next);
      onChange(0);
      enqueueSnackbar(t('baseline.deleted'), { variant: 'success' });
    },
    onError: (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  const baselines = list.data?.baselines ?? [];
  const chosen = baselines.find((b) => b.id === value);
  return (
    <>
      <TextField
        select
        size="small"
        label={t('baseline.compare')}
        value={chosen ? value : 0}
        onChange={(e) => onChange(Number(e.target.value))}
        sx={{ width: 260, flex: '0 0 auto' }}
        disabled={!list.data}
      >
        <MenuItem value={0}>{t('baseline.none')}</MenuItem>
        {baselines.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {t('baseline.option', { name: b.name, when: when.format(new Date(b.createdAt)) })}
          </MenuItem>
        ))}
      </TextField>
      {list.data?.canEdit && chosen && (
        <Tooltip title={t('baseline.delete', { name: chosen.name })}>
          <span>
            <IconButton
              aria-label={t('baseline.delete', { name: chosen.name })}
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {list.data?.canEdit && (
        <Button
          startIcon={<Flag />}
          onClick={() => setNaming(true)}
          disabled={baselines.length >= (list.data?.max ?? 10)}
        >
          {t('baseline.save')}
        </Button>
      )}
      {naming && (
        <NameDialog
          initial={t('baseline.defaultName', {
            n: baselines.length + 1,
            date: new Date().toLocaleDateString(i18n.language),
          })}
          saving={save.isPending}
          error={save.error ? (isApiError(save.error) ? save.error.message : String(save.error)) : ''}
          onCancel={() => {
            setNaming(false);
            save.reset();
          }}
          onSave={(name) => save.mutate(name)}
        />
      )}
    </>
  );
}

function NameDialog({
  initial,
  saving,
  error,
  onCancel,
  onSave,
}: {
  initial: string;
  saving: boolean;
  error: string;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation('schedule');
  const [name, setName] = useState(initial);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="schedule-baseline-title" maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave(name);
        }}
      >
        <DialogTitle id="schedule-baseline-title">{t('baseline.saveTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('baseline.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error || t('baseline.help')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || !name.trim()}>
            {t('baseline.saveButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
