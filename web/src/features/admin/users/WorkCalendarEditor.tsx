import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import WorkIcon from '@mui/icons-material/WorkHistoryOutlined';
import { useTranslation } from 'react-i18next';
import type { WorkPeriod } from '../api';
import { DateTextField } from '../../../components/DateInput';
import { businessWeek, MAX_WORK_PERIODS, nextPeriodOf, periodProblem, periodsByDay, WEEK_DAYS } from './workCalendar';

/**
 * The work calendar: one line a week day with its periods (start–end, HH:mm), a period added or
 * removed per day, and a shortcut for a business week. Errors come by period index, as the server
 * names them (calendar.workPeriods[i].end).
 */
export function WorkCalendarEditor({
  periods,
  onChange,
  errors,
}: {
  periods: WorkPeriod[];
  onChange: (periods: WorkPeriod[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  const byDay = periodsByDay(periods);
  const update = (index: number, change: Partial<WorkPeriod>) =>
    onChange(periods.map((period, i) => (i === index ? { ...period, ...change } : period)));
  const serverError = (index: number) =>
    errors[`calendar.workPeriods[${index}].end`] ??
    errors[`calendar.workPeriods[${index}].start`] ??
    errors[`calendar.workPeriods[${index}].weekDay`];

  return (
    <Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        {WEEK_DAYS.map((day) => {
          const entries = byDay.get(day) ?? [];
          const next = nextPeriodOf(periods, day);
          const dayName = t(`users.calendar.days.${day}`);
          return (
            <Stack
              key={day}
              direction="row"
              spacing={1.5}
              sx={{
                alignItems: 'center',
                px: 1.5,
                py: 0.75,
                minHeight: 48,
                borderTop: day === 0 ? 0 : 1,
                borderColor: 'divider',
                bgcolor: day === 0 || day === 6 ? 'action.hover' : undefined,
              }}
            >
              <Typography variant="body2" sx={{ width: 110, flexShrink: 0, fontWeight: 600 }}>
                {dayName}
              </Typography>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flex: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                {entries.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('users.calendar.dayOff')}
                  </Typography>
                )}
                {entries.map(({ period, index }, n) => {
                  const problem = periodProblem(period);
                  const message =
                    serverError(index) ?? (problem === 'order' ? t('users.calendar.endBeforeStart') : undefined);
                  const time = (key: 'start' | 'end') => (
                    <DateTextField
                      format="HH:mm"
                      value={period[key]}
                      onChange={(text) => update(index, { [key]: text })}
                      error={Boolean(message) || (problem === 'time' && period[key] !== '')}
                      ariaLabel={t(key === 'start' ? 'users.calendar.startOf' : 'users.calendar.endOf', {
                        day: dayName,
                        n: n + 1,
                      })}
                      sx={{
                        width: 64,
                        '& .MuiPickersSectionList-root': {
                          justifyContent: 'center',
                          py: '5px',
                          fontVariantNumeric: 'tabular-nums',
                        },
                        '& .MuiPickersInputBase-root': { px: 0.5 },
                      }}
                    />
                  );
                  return (
                    <Tooltip key={index} title={message ?? ''} disableHoverListener={!message}>
                      <Stack
                        direction="row"
                        spacing={0.5}
                        sx={{
                          alignItems: 'center',
                          pl: 0.5,
                          borderRadius: 1,
                          border: 1,
                          borderColor: message ? 'error.main' : 'transparent',
                        }}
                      >
                        {time('start')}
                        <Typography variant="body2" color="text.secondary">
                          –
                        </Typography>
                        {time('end')}
                        <IconButton
                          size="small"
                          aria-label={t('users.calendar.removeOf', { day: dayName, n: n + 1 })}
                          onClick={() => onChange(periods.filter((_, i) => i !== index))}
                        >
                          <CloseIcon sx={{ fontSize: 16 }} />
                        </IconButton>
                      </Stack>
                    </Tooltip>
                  );
                })}
              </Stack>
              <Tooltip title={t('users.calendar.add')}>
                <span>
                  <IconButton
                    size="small"
                    color="primary"
                    aria-label={t('users.calendar.addOn', { day: dayName })}
                    disabled={next === undefined || periods.length >= MAX_WORK_PERIODS}
                    onClick={() => next && onChange([...periods, next])}
                  >
                    <AddIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" startIcon={<WorkIcon />} onClick={() => onChange(businessWeek())}>
          {t('users.calendar.businessWeek')}
        </Button>
        {periods.length > 0 && (
          <Button size="small" color="inherit" onClick={() => onChange([])}>
            {t('users.calendar.clear')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
