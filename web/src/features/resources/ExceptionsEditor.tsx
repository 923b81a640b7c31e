import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import { useTranslation } from 'react-i18next';
import { DateTextField } from '../../components/DateInput';
import { fromStoredDate } from '../../lib/dates';
import { DayField, type Holiday } from '../admin';
import type { CalendarException, Period } from './api';
import { exceptionProblem, MAX_EXCEPTIONS, nextExceptionPeriod } from './calendar';

const timeSx = {
  width: 64,
  '& .MuiPickersSectionList-root': { justifyContent: 'center', py: '5px', fontVariantNumeric: 'tabular-nums' },
  '& .MuiPickersInputBase-root': { px: 0.5 },
} as const;

/**
 * The exceptions of a work calendar: dates worked differently from their weekday, each a day off
 * or other hours that day (periods HH:mm–HH:mm), with an optional reason. Errors come by index, as
 * the server names them (calendar.exceptions[i].date).
 */
export function ExceptionsEditor({
  exceptions,
  holidays,
  onChange,
  errors,
  showProblems,
}: {
  exceptions: CalendarException[];
  holidays: Holiday[];
  onChange: (exceptions: CalendarException[]) => void;
  errors: Record<string, string>;
  showProblems: boolean;
}) {
  const { t } = useTranslation('resources');
  const update = (index: number, change: Partial<CalendarException>) =>
    onChange(exceptions.map((e, i) => (i === index ? { ...e, ...change } : e)));
  const setPeriods = (index: number, periods: Period[]) => update(index, { periods });
  const serverError = (index: number) => {
    const prefix = `calendar.exceptions[${index}]`;
    const key = Object.keys(errors).find((k) => k === `${prefix}.date` || k.startsWith(`${prefix}.`));
    return key ? errors[key] : undefined;
  };

  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('calendar.exceptions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {exceptions.length === 0 ? t('calendar.exceptions.empty') : t('calendar.exceptions.help')}
      </Typography>
      <Stack spacing={1}>
        {exceptions.map((exception, index) => {
          const problem = showProblems ? exceptionProblem(exception, exceptions, holidays) : undefined;
          const message = serverError(index) ?? (problem ? t(`calendar.exceptions.problem.${problem}`) : undefined);
          const label = fromStoredDate(exception.date, 'DD/MM/YYYY') || t('calendar.exceptions.unnamed');
          const dayOff = exception.periods.length === 0;
          const next = nextExceptionPeriod(exception.periods);
          return (
            <Paper
              key={index}
              variant="outlined"
              sx={{ p: 1.5, borderColor: message ? 'error.main' : undefined }}
              role="group"
              aria-label={label}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <Box sx={{ width: { sm: 170 }, flexShrink: 0 }}>
                  <DayField
                    size="small"
                    fullWidth
                    label={t('calendar.exceptions.date')}
                    value={exception.date}
                    onChange={(date) => update(index, { date })}
                    error={problem === 'date' || problem === 'twice' || problem === 'holiday'}
                  />
                </Box>
                <TextField
                  size="small"
                  fullWidth
                  label={t('calendar.exceptions.name')}
                  value={exception.name}
                  onChange={(event) => update(index, { name: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={dayOff ? 'off' : 'hours'}
                  aria-label={t('calendar.exceptions.mode', { date: label })}
                  onChange={(_event, mode: 'off' | 'hours' | null) => {
                    if (mode === 'off') setPeriods(index, []);
                    if (mode === 'hours' && dayOff) setPeriods(index, [{ start: '08:00', end: '12:00' }]);
                  }}
                  sx={{ flexShrink: 0 }}
                >
                  <ToggleButton value="off" sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
                    {t('calendar.exceptions.dayOff')}
                  </ToggleButton>
                  <ToggleButton value="hours" sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
                    {t('calendar.exceptions.otherHours')}
                  </ToggleButton>
                </ToggleButtonGroup>
                <IconButton
                  size="small"
                  sx={{ mt: 0.5, alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
                  aria-label={t('calendar.exceptions.remove', { date: label })}
                  onClick={() => onChange(exceptions.filter((_, i) => i !== index))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
              {!dayOff && (
                <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  {exception.periods.map((period, n) => (
                    <Stack key={n} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <DateTextField
                        format="HH:mm"
                        value={period.start}
                        onChange={(start) =>
                          setPeriods(
                            index,
                            exception.periods.map((p, i) => (i === n ? { ...p, start } : p)),
                          )
                        }
                        ariaLabel={t('calendar.exceptions.startOf', { n: n + 1, date: label })}
                        sx={timeSx}
                      />
                      <Typography variant="body2" color="text.secondary">
                        –
                      </Typography>
                      <DateTextField
                        format="HH:mm"
                        value={period.end}
                        onChange={(end) =>
                          setPeriods(
                            index,
                            exception.periods.map((p, i) => (i === n ? { ...p, end } : p)),
                          )
                        }
                        ariaLabel={t('calendar.exceptions.endOf', { n: n + 1, date: label })}
                        sx={timeSx}
                      />
                      <IconButton
                        size="small"
                        aria-label={t('calendar.exceptions.removePeriod', { n: n + 1, date: label })}
                        onClick={() =>
                          setPeriods(
                            index,
                            exception.periods.filter((_, i) => i !== n),
                          )
                        }
                      >
                        <CloseIcon sx={{ fontSize: 16 }} />
                      </IconButton>
                    </Stack>
                  ))}
                  <IconButton
                    size="small"
                    color="primary"
                    disabled={!next}
                    aria-label={t('calendar.exceptions.addPeriod', { date: label })}
                    onClick={() => next && setPeriods(index, [...exception.periods, next])}
                  >
                    <AddIcon fontSize="small" />
                  </IconButton>
                </Stack>
              )}
              {message && <FormHelperText error>{message}</FormHelperText>}
            </Paper>
          );
        })}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 1 }}
        startIcon={<EventNoteIcon />}
        disabled={exceptions.length >= MAX_EXCEPTIONS}
        onClick={() => onChange([...exceptions, { date: '', name: '', periods: [] }])}
      >
        {t('calendar.exceptions.add')}
      </Button>
    </Box>
  );
}
