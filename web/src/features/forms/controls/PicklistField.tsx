import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { picklistQuery, type PicklistOption } from '../api';
import { useField, useFormRuntime } from '../context';
import type { FieldSpec } from '../fields';
import type { FormValues } from '../types';

/** The options of a picklist field, following the value of the picklist it depends on. */
function usePicklistOptions(field: FieldSpec) {
  const { values } = useFormikContext<FormValues>();
  const { dependsOn, picklistId } = field.control;
  const parentValue = dependsOn ? String(values[dependsOn] ?? '') : undefined;
  const query = useQuery({
    ...picklistQuery(picklistId ?? 0, parentValue, Boolean(dependsOn)),
    enabled: Boolean(picklistId) && (!dependsOn || Boolean(parentValue)),
  });
  return { options: query.data ?? [], loaded: query.isSuccess, waitingForParent: Boolean(dependsOn) && !parentValue };
}

function ColorDot({ color }: { color?: string }) {
  if (!color) return null;
  return (
    <Box
      component="span"
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, display: 'inline-block', mr: 1, flexShrink: 0 }}
    />
  );
}

function optionLabel(option: PicklistOption) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      <ColorDot color={option.color} />
      {option.text}
    </Box>
  );
}

/** A picklist as a dropdown; a dependent one offers only the children of its parent's value. */
export function PicklistDropdown({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const { options, loaded, waitingForParent } = usePicklistOptions(field);
  const { display } = useFormRuntime();
  const current = String(value ?? '');

  // A parent's new value may leave this one out of the offered children: clear it.
  useEffect(() => {
    if (
      control.dependsOn &&
      (loaded || waitingForParent) &&
      current !== '' &&
      !options.some((o) => o.value === current)
    )
      setValue('');
  }, [control.dependsOn, loaded, waitingForParent, options, current, setValue]);

  // Until the options arrive, the stored value still shows its text.
  const shown =
    options.length > 0 || current === '' ? options : [{ value: current, text: display[field.key] ?? current }];
  return (
    <TextField
      select
      fullWidth
      label={control.label}
      required={control.required}
      disabled={disabled}
      value={shown.some((o) => o.value === current) ? current : ''}
      onChange={(event) => setValue(event.target.value)}
      onBlur={touch}
      error={Boolean(error)}
      helperText={error ?? (waitingForParent && !disabled ? t('picklist.chooseParentFirst') : undefined)}
      slotProps={{ htmlInput: { name: field.key } }}
    >
      {!control.required && (
        <MenuItem value="">
          <em>{t('picklist.none')}</em>
        </MenuItem>
      )}
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A picklist (or a yes/no attribute) as a radio group. */
export function RadioGroupField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const { options } = usePicklistOptions(field);
  const choices: PicklistOption[] =
    field.kind === 'booleanChoice'
      ? [
          { value: 'true', text: t('boolean.yes') },
          { value: 'false', text: t('boolean.no') },
        ]
      : options;
  return (
    <FormControl error={Boolean(error)} disabled={disabled} required={control.required} component="fieldset">
      <FormLabel component="legend" sx={{ fontSize: '0.75rem' }}>
        {control.label}
      </FormLabel>
      <RadioGroup
        row
        name={field.key}
        value={String(value ?? '')}
        onChange={(event) => setValue(event.target.value)}
        onBlur={touch}
      >
        {choices.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio size="small" />}
            label={optionLabel(option)}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
