import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Omit<OutlinedInputProps, 'error' | 'label' | 'fullWidth'> {
  label: ReactNode;
  /** Validation message; the field shows as invalid while it is set. */
  error?: string | undefined;
}

/**
 * An outlined text field that looks and behaves like MUI's TextField but is
 * built from its parts, without TextField's Select support, which would pull
 * Select, Menu, Popover and Modal into the bundle. Use it on screens of the
 * login route, whose JavaScript budget is tight; TextField is fine elsewhere.
 */
export function TextInput({ id, label, error, inputProps, ...rest }: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        inputProps={{ ...inputProps, 'aria-describedby': error ? helperId : undefined, 'aria-invalid': Boolean(error) }}
        {...rest}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
