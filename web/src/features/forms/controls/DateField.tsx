import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/DateInput';
import { dateFormatOf, dateModeOf } from '../../../lib/dates';
import { useField } from '../context';
import type { FieldSpec } from '../fields';

/**
 * Date chooser (spec section 3): the format's letters decide date, time or both; typed section
 * by section (25122026 is 25/12/2026) or chosen in the calendar and clock, in 15-minute steps.
 * The form holds the text in the format (fields.ts turns it into what saveItem takes).
 */
export function DateField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const format = dateFormatOf(control.format, control.dateTimeFormatType);
  const mode = dateModeOf(format);
  return (
    <DateInput
      fullWidth
      format={format}
      label={control.label}
      required={control.required}
      disabled={disabled}
      value={String(value ?? '')}
      onChange={(text) => setValue(text)}
      onBlur={touch}
      error={Boolean(error)}
      helperText={error}
      name={field.key}
      openLabel={t(mode === 'time' ? 'date.chooseTime' : 'date.chooseDate', { label: control.label })}
    />
  );
}
