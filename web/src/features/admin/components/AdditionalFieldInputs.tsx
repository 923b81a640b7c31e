import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fieldKey, INVALID_DATE, inputKind, ISO_DATE, sortFields } from '../additionalFields';
import { DayField } from './DayField';
import type { AdditionalValues, FieldDefinition, Option } from '../api';

interface Props {
  fields: FieldDefinition[];
  values: AdditionalValues;
  onChange: (values: AdditionalValues) => void;
  /** Messages by field key (additionalFields.<id>), from the form's checks or the server. */
  errors: Record<string, string>;
  companies?: Option[];
  groups?: Option[];
}

/** The additional fields an administrator added to an entity, each edited by its type. */
export function AdditionalFieldInputs({ fields, values, onChange, errors, companies = [], groups = [] }: Props) {
  const { t } = useTranslation('admin');
  const set = (field: FieldDefinition, value: unknown) => onChange({ ...values, [String(field.id)]: value });

  return (
    <Grid container spacing={2}>
      {sortFields(fields).map((field) => {
        const key = String(field.id);
        const value = values[key];
        const error = errors[fieldKey(field)];
        const kind = inputKind(field.type);
        const common = {
          label: field.name,
          required: field.required,
          error: Boolean(error),
          helperText: error,
          fullWidth: true,
          size: 'small' as const,
        };
        const text = value === undefined || value === null ? '' : String(value);
        let input;
        switch (kind) {
          case 'boolean':
            input = (
              <>
                <FormControlLabel
                  control={<Switch checked={value === true} onChange={(event) => set(field, event.target.checked)} />}
                  label={field.name}
                />
                {error && <FormHelperText error>{error}</FormHelperText>}
              </>
            );
            break;
          case 'longText':
            input = (
              <TextField
                {...common}
                multiline
                minRows={3}
                value={text}
                onChange={(event) => set(field, event.target.value)}
              />
            );
            break;
          case 'date':
            input = (
              <DayField
                {...common}
                value={ISO_DATE.test(text) ? text.slice(0, 10) : ''}
                onChange={(iso, invalid) => set(field, invalid ? INVALID_DATE : iso)}
              />
            );
            break;
          case 'picklist':
          case 'company':
          case 'group': {
            const options =
              kind === 'picklist'
                ? field.options.map((option) => ({ value: option.value, text: option.text || option.value }))
                : (kind === 'company' ? companies : groups).map((option) => ({
                    value: String(option.id),
                    text: option.name,
                  }));
            input = (
              <TextField
                {...common}
                select
                value={text}
                onChange={(event) =>
                  set(
                    field,
                    kind === 'picklist' || event.target.value === '' ? event.target.value : Number(event.target.value),
                  )
                }
              >
                <MenuItem value="">
                  <em>{t('common.none')}</em>
                </MenuItem>
                {options.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.text}
                  </MenuItem>
                ))}
              </TextField>
            );
            break;
          }
          default: {
            const adornment =
              field.type === 'CURRENCY'
                ? { startAdornment: <InputAdornment position="start">R$</InputAdornment> }
                : field.type === 'PERCENTILE'
                  ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                  : {};
            input = (
              <TextField
                {...common}
                value={text}
                onChange={(event) => set(field, event.target.value)}
                slotProps={{ input: adornment, htmlInput: { inputMode: kind === 'integer' ? 'numeric' : 'decimal' } }}
                helperText={
                  error ?? (kind === 'integer' && field.type !== 'INTEGER' ? t('fields.referenceHint') : undefined)
                }
              />
            );
          }
        }
        return (
          <Grid key={field.id} size={{ xs: 12, sm: kind === 'longText' ? 12 : 6 }}>
            {input}
          </Grid>
        );
      })}
    </Grid>
  );
}
