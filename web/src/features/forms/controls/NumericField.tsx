import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useField } from '../context';
import type { FieldSpec } from '../fields';
import { cleanNumberInput, normalizeNumberText, numberFormatOf } from '../../../lib/numeric';

/**
 * Numeric input (spec section 3): prefix, suffix, decimal scale, separators; formats as the
 * user types and in full (fixed decimals) on leaving the field. Currency is R$ with comma
 * decimals and dot thousands.
 */
export function NumericField({ field }: { field: FieldSpec }) {
  const { control } = field;
  const { value, error, disabled, setValue, commit } = useField(field);
  const format = numberFormatOf(control);
  const prefix = control.prefix?.trim();
  const suffix = control.suffix?.trim();
  return (
    <TextField
      fullWidth
      label={control.label}
      required={control.required}
      disabled={disabled}
      value={String(value ?? '')}
      onChange={(event) => setValue(cleanNumberInput(event.target.value, format, String(value ?? '')))}
      onBlur={() => commit(normalizeNumberText(String(value ?? ''), format))}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: {
          inputMode: format.decimalScale > 0 ? 'decimal' : 'numeric',
          style: { textAlign: 'right' },
          name: field.key,
        },
        input: {
          startAdornment: prefix ? <InputAdornment position="start">{prefix}</InputAdornment> : undefined,
          endAdornment: suffix ? <InputAdornment position="end">{suffix}</InputAdornment> : undefined,
        },
      }}
    />
  );
}
