import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/DateInput';
import { checkDateText, toStoredDate } from '../../../lib/dates';
import { cleanNumberInput, parseNumber, type NumberFormat } from '../../../lib/numeric';
import type { WindowField } from '../types';

const WINDOW_DATE_FORMAT = 'DD/MM/YYYY';

function numberFormatFor(field: WindowField): NumberFormat {
  return {
    decimalScale: field.type === 'INTEGER' ? 0 : 2,
    decimalSeparator: ',',
    thousandSeparator: '.',
    currency: field.type === 'CURRENCY',
    allowNegative: true,
  };
}

/** The window's values typed as the rule receives them (numbers, booleans, dates as YYYY-MM-DD). */
function toParams(fields: WindowField[], values: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'BOOLEAN') params[field.key] = value === true;
    else if (field.type === 'INTEGER' || field.type === 'DECIMAL' || field.type === 'CURRENCY') {
      const number = parseNumber(String(value ?? ''), numberFormatFor(field));
      if (number !== null && !Number.isNaN(number)) params[field.key] = number;
    } else if (field.type === 'DATE_TIME') {
      const check = checkDateText(String(value ?? ''), WINDOW_DATE_FORMAT);
      if (check.ok && check.parts) params[field.key] = toStoredDate(check.parts, 'date');
    } else if (value !== undefined && value !== '') params[field.key] = value;
  }
  return params;
}

/** The window a rule button opens: its values are checked by the server, their messages shown on them. */
export function RuleWindowDialog(props: {
  open: boolean;
  title: string;
  fields: WindowField[];
  pending: boolean;
  errors: Record<string, string>;
  onCancel: () => void;
  onConfirm: (params: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation('forms');
  const { open, title, fields, pending, errors, onCancel, onConfirm } = props;
  const [values, setValues] = useState<Record<string, unknown>>({});
  const set = (key: string, value: unknown) => setValues((current) => ({ ...current, [key]: value }));
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="rule-window-title"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React carries a submit through the portal to the item form around the button: stop it here.
          event.stopPropagation();
          onConfirm(toParams(fields, values));
        }}
      >
        <DialogTitle id="rule-window-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fields.map((field) => {
              const error = errors[field.key];
              const common = {
                label: field.name,
                required: field.required,
                error: Boolean(error),
                helperText: error,
                fullWidth: true,
                name: field.key,
              };
              const text = String(values[field.key] ?? '');
              switch (field.type) {
                case 'BOOLEAN':
                  return (
                    <FormControlLabel
                      key={field.key}
                      control={
                        <Checkbox
                          checked={values[field.key] === true}
                          onChange={(event) => set(field.key, event.target.checked)}
                        />
                      }
                      label={field.name}
                    />
                  );
                case 'INTEGER':
                case 'DECIMAL':
                case 'CURRENCY':
                  return (
                    <TextField
                      key={field.key}
                      {...common}
                      value={text}
                      onChange={(event) => set(field.key, cleanNumberInput(event.target.value, numberFormatFor(field)))}
                      slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
                    />
                  );
                case 'DATE_TIME':
                  return (
                    <DateInput
                      key={field.key}
                      {...common}
                      format={WINDOW_DATE_FORMAT}
                      value={text}
                      onChange={(next) => set(field.key, next)}
                    />
                  );
                case 'PICKLIST':
                  return (
                    <TextField
                      key={field.key}
                      {...common}
                      select
                      value={text}
                      onChange={(event) => set(field.key, event.target.value)}
                    >
                      {(field.options ?? []).map((option) => (
                        <MenuItem key={option.value} value={option.value}>
                          {option.text}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                default:
                  return (
                    <TextField
                      key={field.key}
                      {...common}
                      value={text}
                      onChange={(event) => set(field.key, event.target.value)}
                    />
                  );
              }
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={pending}>
            {t('rule.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('rule.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
