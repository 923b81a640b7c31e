import TextField from '@mui/material/TextField';
import { useField } from '../context';
import type { FieldSpec } from '../fields';
import { applyMask, MOBILE_PHONE_MASK, phoneMaskFor } from '../../../lib/mask';

/** Masked textbox and phone (docs/app-packages.md: 9 a digit, a a letter, * either; land lines one digit shorter). */
export function MaskedField({ field }: { field: FieldSpec }) {
  const { control } = field;
  const { value, error, disabled, setValue, touch, commit } = useField(field);
  const phone = field.kind === 'phone';
  const mask = control.mask || (phone ? MOBILE_PHONE_MASK : '');
  const text = String(value ?? '');
  return (
    <TextField
      fullWidth
      label={control.label}
      required={control.required}
      disabled={disabled}
      value={text}
      placeholder={mask.replace(/[9a*]/g, '_')}
      onChange={(event) => setValue(mask ? applyMask(event.target.value, mask) : event.target.value)}
      onBlur={() => (phone ? commit(applyMask(text, phoneMaskFor(text, mask))) : touch())}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: phone ? 'tel' : undefined, name: field.key, maxLength: mask.length || undefined },
      }}
    />
  );
}
