import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, saveAdditionalField, type FieldDefinition, type FieldType } from '../api';
import { useFormSubmit } from '../components/useFormSubmit';
import { useNotify } from '../components/useNotify';

/** An additional field's definition. Its entity and type never change once saved (saved values would stop matching). */
export function FieldDialog({
  field,
  onClose,
  onSaved,
}: {
  field: FieldDefinition;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const [value, setValue] = useState(field);
  const { errors, saving, submit } = useFormSubmit();
  const isNew = field.id === 0;
  const set = (change: Partial<FieldDefinition>) => setValue((current) => ({ ...current, ...change }));

  const save = async () => {
    const checks: Record<string, string> = {};
    if (!value.name.trim()) checks.name = tc('validation.required');
    if (value.type === 'PICKLIST' && value.options.filter((o) => o.value.trim()).length === 0)
      checks.options = t('fields.optionsRequired');
    await submit(checks, async () => {
      const options =
        value.type === 'PICKLIST'
          ? value.options
              .filter((o) => o.value.trim())
              .map((o) => ({ value: o.value.trim(), text: o.text.trim() || o.value.trim() }))
          : [];
      await saveAdditionalField({ ...value, name: value.name.trim(), options });
      notify.success(t('fields.saved'));
      onSaved();
      onClose();
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="field-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id="field-title" sx={{ fontWeight: 700 }}>
          {isNew ? t('fields.newTitle', { entity: t(`fields.entities.${field.entity}`) }) : t('fields.editTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextField
                autoFocus
                required
                size="small"
                label={t('fields.name')}
                value={value.name}
                onChange={(event) => set({ name: event.target.value })}
                error={Boolean(errors.name)}
                helperText={errors.name}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                select
                size="small"
                label={t('fields.type')}
                value={value.type}
                disabled={!isNew}
                onChange={(event) => set({ type: event.target.value as FieldType })}
                error={Boolean(errors.type)}
                helperText={errors.type ?? (isNew ? t('fields.typeFixed') : undefined)}
              >
                {FIELD_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`fields.types.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                size="small"
                type="number"
                label={t('fields.position')}
                value={value.position}
                onChange={(event) => set({ position: Math.trunc(Number(event.target.value) || 0) })}
              />
            </Grid>
            <Grid size={12}>
              <FormControlLabel
                control={
                  <Switch checked={value.required} onChange={(event) => set({ required: event.target.checked })} />
                }
                label={t('fields.requiredLabel')}
              />
            </Grid>
            {value.type === 'PICKLIST' && (
              <Grid size={12}>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {t('fields.options')}
                </Typography>
                <Stack spacing={1}>
                  {value.options.map((option, index) => (
                    <Stack key={index} direction="row" spacing={1}>
                      <TextField
                        size="small"
                        label={t('fields.optionValue')}
                        value={option.value}
                        onChange={(event) =>
                          set({
                            options: value.options.map((o, i) =>
                              i === index ? { ...o, value: event.target.value } : o,
                            ),
                          })
                        }
                      />
                      <TextField
                        size="small"
                        label={t('fields.optionText')}
                        value={option.text}
                        onChange={(event) =>
                          set({
                            options: value.options.map((o, i) =>
                              i === index ? { ...o, text: event.target.value } : o,
                            ),
                          })
                        }
                      />
                      <IconButton
                        aria-label={t('fields.removeOption')}
                        onClick={() => set({ options: value.options.filter((_, i) => i !== index) })}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
                {errors.options && (
                  <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                    {errors.options}
                  </Typography>
                )}
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  sx={{ mt: 1 }}
                  onClick={() => set({ options: [...value.options, { value: '', text: '' }] })}
                >
                  {t('fields.addOption')}
                </Button>
              </Grid>
            )}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
