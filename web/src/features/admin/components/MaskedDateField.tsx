import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatDate, maskDate, parseDate } from '../masks';

/**
 * A date typed as DD/MM/YYYY (spec section 9), whatever the browser's locale. `value` and
 * `onChange` speak YYYY-MM-DD ('' when empty); an unfinished or impossible date shows an error
 * and reports `invalid`.
 */
export function MaskedDateField({
  value,
  onChange,
  error,
  helperText,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string, invalid: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(() => formatDate(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // A new value from outside (a reset): show it.
    setSeen(value);
    if (parseDate(text) !== value) setText(formatDate(value));
  }
  const invalid = text !== '' && parseDate(text) === undefined;
  return (
    <TextField
      {...props}
      value={text}
      placeholder={t('common.datePlaceholder')}
      onChange={(event) => {
        const next = maskDate(event.target.value);
        setText(next);
        const iso = parseDate(next);
        setSeen(iso ?? '');
        onChange(iso ?? '', next !== '' && iso === undefined);
      }}
      error={error || (invalid && text.length === 10)}
      helperText={invalid && text.length === 10 ? t('common.invalidDate') : helperText}
      slotProps={{
        ...props.slotProps,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
      }}
    />
  );
}
