import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import { useTranslation } from 'react-i18next';
import type { Holiday } from '../api';
import { DayField } from '../components/DayField';
import { holidayProblem, MAX_HOLIDAYS, nationalHolidays, withNational } from './holidays';

/**
 * The holidays of a work calendar: days off whatever the weekday, each a date and a name, and a
 * shortcut that adds Brazil's national holidays of this year or the next. Errors come by index,
 * as the server names them (calendar.holidays[i].date).
 */
export function HolidaysEditor({
  holidays,
  onChange,
  errors,
  showProblems,
}: {
  holidays: Holiday[];
  onChange: (holidays: Holiday[]) => void;
  errors: Record<string, string>;
  /** Whether the form was sent once: problems found here show from then on. */
  showProblems: boolean;
}) {
  const { t } = useTranslation('admin');
  const year = new Date().getFullYear();
  const update = (index: number, change: Partial<Holiday>) =>
    onChange(holidays.map((h, i) => (i === index ? { ...h, ...change } : h)));
  const addNational = (y: number) =>
    onChange(
      withNational(
        holidays,
        nationalHolidays(y).map(({ date, key }) => ({ date, name: t(`users.calendar.holidays.national.${key}`) })),
      ),
    );
  /** What is wrong with holiday index, and in which of its fields: the server's word first. */
  const problemOf = (index: number, h: Holiday): { field: 'date' | 'name'; text: string } | undefined => {
    const date = errors[`calendar.holidays[${index}].date`];
    if (date) return { field: 'date', text: date };
    const name = errors[`calendar.holidays[${index}].name`];
    if (name) return { field: 'name', text: name };
    const problem = showProblems ? holidayProblem(h, holidays) : undefined;
    if (!problem) return undefined;
    return { field: problem === 'name' ? 'name' : 'date', text: t(`users.calendar.holidays.problem.${problem}`) };
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('users.calendar.holidays.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {holidays.length === 0
          ? t('users.calendar.holidays.empty')
          : t('users.calendar.holidays.count', { count: holidays.length })}
      </Typography>
      <Stack spacing={1.5}>
        {holidays.map((h, index) => {
          const problem = problemOf(index, h);
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ width: 170, flexShrink: 0 }}>
                <DayField
                  size="small"
                  fullWidth
                  label={t('users.calendar.holidays.date')}
                  value={h.date}
                  onChange={(date) => update(index, { date })}
                  error={problem?.field === 'date'}
                />
              </Box>
              <TextField
                size="small"
                fullWidth
                label={t('users.calendar.holidays.name')}
                value={h.name}
                onChange={(e) => update(index, { name: e.target.value })}
                error={problem?.field === 'name'}
                helperText={problem?.text}
                slotProps={{ htmlInput: { maxLength: 100 }, formHelperText: { error: Boolean(problem) } }}
              />
              <IconButton
                size="small"
                sx={{ mt: 0.5 }}
                aria-label={t('users.calendar.holidays.remove', { name: h.name || h.date })}
                onClick={() => onChange(holidays.filter((_, i) => i !== index))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={holidays.length >= MAX_HOLIDAYS}
          onClick={() => onChange([...holidays, { date: '', name: '' }])}
        >
          {t('users.calendar.holidays.add')}
        </Button>
        {[year, year + 1].map((y) => (
          <Button key={y} size="small" startIcon={<EventBusyIcon />} onClick={() => addNational(y)}>
            {t('users.calendar.holidays.addNational', { year: y })}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
