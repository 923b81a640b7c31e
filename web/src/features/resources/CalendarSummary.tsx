import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fromStoredDate } from '../../lib/dates';
import type { ResourceCalendar } from './api';

const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * A work calendar to read (for those who may not change it): each weekday's hours, the holidays
 * and the exceptions, as text.
 */
export function CalendarSummary({ calendar }: { calendar: ResourceCalendar }) {
  const { t } = useTranslation('resources');
  const { t: ta } = useTranslation('admin');
  const holidays = calendar.holidays ?? [];
  const exceptions = calendar.exceptions ?? [];
  const day = (date: string) => fromStoredDate(date, 'DD/MM/YYYY');
  return (
    <Stack spacing={2.5}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5 }}
      >
        {WEEK_DAYS.map((weekDay) => {
          const periods = calendar.workPeriods
            .filter((p) => p.weekDay === weekDay)
            .sort((a, b) => a.start.localeCompare(b.start));
          return (
            <Box key={weekDay} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {ta(`users.calendar.days.${weekDay}`)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0 }}
                color={periods.length ? undefined : 'text.secondary'}
              >
                {periods.length
                  ? periods.map((p) => `${p.start}–${p.end}`).join(', ')
                  : t('calendar.readOnly.noPeriods')}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {ta('users.calendar.holidays.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('calendar.readOnly.holidays', { count: holidays.length })}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {holidays.map((h) => (
            <Typography component="li" variant="body2" key={h.date}>
              {day(h.date)} — {h.name}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('calendar.exceptions.title')}
        </Typography>
        {exceptions.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('calendar.exceptions.empty')}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {exceptions.map((e) => (
            <Typography component="li" variant="body2" key={e.date}>
              {day(e.date)} —{' '}
              {e.periods.length
                ? e.periods.map((p) => `${p.start}–${p.end}`).join(', ')
                : t('calendar.readOnly.dayOff')}
              {e.name ? ` (${e.name})` : ''}
            </Typography>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
