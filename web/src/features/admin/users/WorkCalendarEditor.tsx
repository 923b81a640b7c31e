import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import WorkIcon from '@mui/icons-material/WorkHistoryOutlined';
import { useTranslation } from 'react-i18next';
import type { WorkPeriod } from '../api';
import { businessWeek, MAX_WORK_PERIODS, nextPeriod, sortPeriods } from './workCalendar';

const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The work calendar's periods (week day, start, end), with a shortcut for a business week. */
export function WorkCalendarEditor({ periods, onChange, errors }: { periods: WorkPeriod[]; onChange: (periods: WorkPeriod[]) => void; errors: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const update = (index: number, change: Partial<WorkPeriod>) => onChange(periods.map((period, i) => (i === index ? { ...period, ...change } : period)));
  const error = (index: number) => errors[`calendar.workPeriods[${index}].end`] ?? errors[`calendar.workPeriods[${index}].start`] ?? errors[`calendar.workPeriods[${index}].weekDay`];

  return (
    <Box>
      {periods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('users.calendar.empty')}
        </Typography>
      ) : (
        <Stack spacing={1.25}>
          {periods.map((period, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={t('users.calendar.weekDay')}
                value={period.weekDay}
                onChange={(event) => update(index, { weekDay: Number(event.target.value) })}
                sx={{ width: 170, flexShrink: 0 }}
              >
                {WEEK_DAYS.map((day) => (
                  <MenuItem key={day} value={day}>
                    {t(`users.calendar.days.${day}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="time"
                label={t('users.calendar.start')}
                value={period.start}
                onChange={(event) => update(index, { start: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                sx={{ width: 130 }}
              />
              <TextField
                size="small"
                type="time"
                label={t('users.calendar.end')}
                value={period.end}
                onChange={(event) => update(index, { end: event.target.value })}
                error={Boolean(error(index))}
                helperText={error(index)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                sx={{ width: 130 }}
              />
              <Tooltip title={t('users.calendar.remove')}>
                <IconButton aria-label={t('users.calendar.remove')} onClick={() => onChange(periods.filter((_, i) => i !== index))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button size="small" startIcon={<AddIcon />} disabled={periods.length >= MAX_WORK_PERIODS} onClick={() => onChange([...periods, nextPeriod(periods)])}>
          {t('users.calendar.add')}
        </Button>
        <Button size="small" startIcon={<WorkIcon />} onClick={() => onChange(businessWeek())}>
          {t('users.calendar.businessWeek')}
        </Button>
        {periods.length > 1 && (
          <Button size="small" onClick={() => onChange(sortPeriods(periods))}>
            {t('users.calendar.sort')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
