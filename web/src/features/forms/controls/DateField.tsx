import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useField } from '../context';
import {
  dateFormatOf,
  dateMaskOf,
  dateModeOf,
  fromPickerValue,
  maskDateText,
  MINUTE_STEP,
  toPickerValue,
} from '../../../lib/dates';
import type { FieldSpec } from '../fields';

const pickerType = { date: 'date', time: 'time', dateTime: 'datetime-local' } as const;

/**
 * Date chooser (spec section 3): the format's letters decide date, time or both; typed through
 * the format's mask (99/99/9999, 99:99...), or chosen in the browser's picker, in 15-minute steps.
 */
export function DateField({ field }: { field: FieldSpec }) {
  const { t } = useTranslation('forms');
  const { control } = field;
  const { value, error, disabled, setValue, touch, commit } = useField(field);
  const picker = useRef<HTMLInputElement>(null);
  const format = dateFormatOf(control.format, control.dateTimeFormatType);
  const mode = dateModeOf(format);
  const text = String(value ?? '');
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = toPickerValue(text, format);
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  return (
    <>
      <TextField
        fullWidth
        label={control.label}
        required={control.required}
        disabled={disabled}
        value={text}
        placeholder={format}
        onChange={(event) => setValue(maskDateText(event.target.value, format))}
        onBlur={touch}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { inputMode: 'numeric', name: field.key, maxLength: dateMaskOf(format).length },
          input: {
            endAdornment: disabled ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t(mode === 'time' ? 'date.chooseTime' : 'date.chooseDate', { label: control.label })}
                  onClick={openPicker}
                >
                  {mode === 'time' ? <ScheduleOutlined fontSize="small" /> : <CalendarMonthOutlined fontSize="small" />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type={pickerType[mode]}
        step={MINUTE_STEP * 60}
        min={mode === 'time' ? undefined : '1753-01-01'}
        max={mode === 'time' ? undefined : '9999-12-31'}
        tabIndex={-1}
        aria-hidden
        style={{ position: 'absolute', opacity: 0, width: 1, height: 1, pointerEvents: 'none', border: 0, padding: 0 }}
        onChange={(event) => commit(fromPickerValue(event.target.value, format))}
      />
    </>
  );
}
