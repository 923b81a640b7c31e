import { useRef, useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { DateField } from '@mui/x-date-pickers/DateField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimeField } from '@mui/x-date-pickers/DateTimeField';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { DateView, TimeView } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { dateModeOf, INCOMPLETE_DATE, MAX_YEAR, MIN_YEAR, MINUTE_STEP } from '../lib/dates';

dayjs.extend(customParseFormat);

const MIN_DATE = dayjs(`${MIN_YEAR}-01-01T00:00:00`);
const MAX_DATE = dayjs(`${MAX_YEAR}-12-31T23:59:59`);

/** The picker's date for a text in the format: null when empty, an invalid date when unreadable. */
function dateOfText(text: string, format: string): Dayjs | null {
  if (text === '') return null;
  return dayjs(text, format, true);
}

/** The text in the format for the picker's date: '' when empty, INCOMPLETE_DATE while unfinished or impossible. */
function textOfDate(date: Dayjs | null, format: string): string {
  if (date === null) return '';
  return date.isValid() ? date.format(format) : INCOMPLETE_DATE;
}

function dateViewsOf(format: string): DateView[] {
  const views: DateView[] = [];
  if (/Y/.test(format)) views.push('year');
  if (/M/.test(format)) views.push('month');
  if (/D/.test(format)) views.push('day');
  return views;
}

function timeViewsOf(format: string): TimeView[] {
  const views: TimeView[] = [];
  if (/H/.test(format)) views.push('hours');
  if (/m/.test(format)) views.push('minutes');
  if (/s/.test(format)) views.push('seconds');
  return views;
}

export interface DateInputProps {
  /**
   * The value as text in `format` (DD/MM/YYYY, HH:mm, DD/MM/YYYY HH:mm...), '' when empty and
   * INCOMPLETE_DATE while the sections are unfinished or make no real date: what lib/dates'
   * checkDateText reads and the callers turn into the value the server takes.
   */
  value: string;
  onChange: (text: string) => void;
  /** Spec section 9's format: its letters decide date, time or both (spec section 3, date chooser). */
  format: string;
  label?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The name of the field's hidden input (what forms and tests find it by). */
  name?: string;
  onBlur?: () => void;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** The accessible name of the button that opens the calendar or clock (MUI X's own when not given). */
  openLabel?: string;
  /** Days after it cannot be chosen (a timesheet's today); typed later days stay the caller's to refuse. */
  maxDate?: Dayjs;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The picker's own date for the caller's text, kept while the sections are unfinished (the caller
 * only sees INCOMPLETE_DATE); a different text from outside (a reset, a rule's change) replaces it.
 * `leave` goes to the field's blur: MUI X publishes nothing while an empty field gets its first
 * sections, nor when the last typed sections of an unfinished date are erased.
 */
function useDateText(value: string, format: string, onChange: (text: string) => void, onBlur?: () => void) {
  const [state, setState] = useState(() => ({ text: value, format, date: dateOfText(value, format) }));
  if (state.text !== value || state.format !== format) {
    setState({ text: value, format, date: dateOfText(value, format) });
  }
  const hidden = useRef<HTMLInputElement>(null);
  const change = (date: Dayjs | null) => {
    const text = textOfDate(date, format);
    setState({ text, format, date });
    if (text !== value) onChange(text);
  };
  const leave = () => {
    const typed = (hidden.current?.value ?? '') !== '';
    if (typed && state.date === null) change(dayjs(Number.NaN));
    else if (!typed && value !== '') change(null);
    onBlur?.();
  };
  return { date: state.date, change, leave, hidden };
}

/**
 * A date, a time or both (MUI X pickers with dayjs), typed section by section on the keyboard
 * (25122026 becomes 25/12/2026) or chosen in the calendar and clock, in 15-minute steps
 * (spec section 9), years 1753 to 9999 (spec section 5). The text the caller holds is in the
 * spec's format whatever the interface language; the pickers' texts follow the language
 * (app/DatesProvider). Errors are the caller's: `error` and `helperText` are shown as given.
 */
export function DateInput({
  value,
  onChange,
  format,
  label,
  required,
  disabled,
  readOnly,
  error,
  helperText,
  name,
  onBlur,
  fullWidth,
  size,
  openLabel,
  maxDate,
  autoFocus,
  sx,
}: DateInputProps) {
  const { date, change, leave, hidden } = useDateText(value, format, onChange, onBlur);
  const mode = dateModeOf(format);
  const common = {
    value: date,
    onChange: change,
    format,
    label,
    disabled,
    readOnly,
    autoFocus,
    sx,
    slotProps: {
      textField: {
        required,
        error: Boolean(error),
        helperText,
        name,
        onBlur: leave,
        fullWidth,
        size,
        inputRef: hidden,
      },
      ...(openLabel ? { openPickerButton: { 'aria-label': openLabel } } : {}),
    },
  };
  const timeProps = { ampm: false, timeSteps: { minutes: MINUTE_STEP } };
  if (mode === 'time') return <TimePicker {...common} {...timeProps} views={timeViewsOf(format)} />;
  // The week days' initials: D S T Q Q S S in pt-BR (dayjs's own 'dd' gives 2ª, 3ª...), S M T W T F S in en.
  const dateProps = {
    minDate: MIN_DATE,
    maxDate: maxDate ?? MAX_DATE,
    dayOfWeekFormatter: (day: Dayjs) => day.format('ddd').charAt(0).toUpperCase(),
  };
  if (mode === 'date') return <DatePicker {...common} {...dateProps} views={dateViewsOf(format)} />;
  return (
    <DateTimePicker
      {...common}
      {...dateProps}
      {...timeProps}
      views={[...dateViewsOf(format), ...timeViewsOf(format)]}
    />
  );
}

/**
 * The typing part of DateInput alone, without the calendar button: for tight places such as a
 * list's cell editor. Same text model; `ariaLabel` names it.
 */
export function DateTextField({
  value,
  onChange,
  format,
  ariaLabel,
  error,
  onBlur,
  autoFocus,
  sx,
}: Pick<DateInputProps, 'value' | 'onChange' | 'format' | 'error' | 'onBlur' | 'autoFocus' | 'sx'> & {
  ariaLabel: string;
}) {
  const { date, change, leave, hidden } = useDateText(value, format, onChange, onBlur);
  const mode = dateModeOf(format);
  const common = {
    value: date,
    onChange: change,
    format,
    autoFocus,
    sx,
    size: 'small' as const,
    fullWidth: true,
    error: Boolean(error),
    onBlur: leave,
    inputRef: hidden,
    // The name goes on the group of sections, what assistive technology and tests reach.
    slotProps: { textField: { slotProps: { input: { 'aria-label': ariaLabel } } } },
  };
  if (mode === 'time') return <TimeField {...common} ampm={false} />;
  if (mode === 'date') return <DateField {...common} minDate={MIN_DATE} maxDate={MAX_DATE} />;
  return <DateTimeField {...common} ampm={false} minDate={MIN_DATE} maxDate={MAX_DATE} />;
}
