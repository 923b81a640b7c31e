import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type DateInputProps } from '../../../components/DateInput';
import { checkDateText, fromStoredDate, toStoredDate } from '../../../lib/dates';

const FORMAT = 'DD/MM/YYYY';

/** The day a text in DD/MM/YYYY is, as YYYY-MM-DD; '' when empty or not a day between 1753 and 9999. */
function dayOf(text: string): string {
  const check = checkDateText(text, FORMAT);
  return check.ok && check.parts ? toStoredDate(check.parts, 'date') : '';
}

/**
 * A day typed as DD/MM/YYYY (spec section 9) or chosen in the calendar, whatever the browser's
 * locale. `value` and `onChange` speak YYYY-MM-DD ('' when empty); a date that is unfinished,
 * impossible or out of 1753 to 9999 reports `invalid`, and says so once the user leaves it.
 */
export function DayField({
  value,
  onChange,
  error,
  helperText,
  ...props
}: Pick<DateInputProps, 'label' | 'required' | 'size' | 'fullWidth' | 'error' | 'helperText'> & {
  value: string;
  onChange: (value: string, invalid: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(() => fromStoredDate(value, FORMAT));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  if (seen !== value) {
    // A new value from outside (a reset): show it.
    setSeen(value);
    if (dayOf(text) !== value) setText(fromStoredDate(value, FORMAT));
  }
  const invalid = text !== '' && dayOf(text) === '';
  return (
    <DateInput
      {...props}
      format={FORMAT}
      value={text}
      onChange={(next) => {
        const day = dayOf(next);
        setText(next);
        setSeen(day);
        setLeft(false);
        onChange(day, next !== '' && day === '');
      }}
      onBlur={() => setLeft(true)}
      error={error || (invalid && left)}
      helperText={invalid && left ? t('common.invalidDate') : helperText}
    />
  );
}
