import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LookupField } from '../../../../components/LookupField';
import { formatHours } from '../../../../lib/format';
import type { FormControl } from '../../types';
import { calendarQuery, projectQuery, type Project, type WorkPeriod } from './api';
import { ProjectSection, ProjectStates } from './ProjectSection';
import { useProjectUpdate } from './useProjectUpdate';
import { capitalized, monthsAhead, periodMinutes, weekDayName } from './calendarWork';

/** Monday first: a work week as people read it. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
/**
 * The project calendar control: the project's work calendar (a resource's, docs/projects.md), its week
 * and the working days of the next months; a manager or administrator chooses another one here.
 */
export function ProjectCalendar({ control }: { control: FormControl }) {
  return (
    <ProjectSection control={control}>{(projectId) => <CalendarOfProject projectId={projectId} />}</ProjectSection>
  );
}

function CalendarOfProject({ projectId }: { projectId: number }) {
  const query = useQuery(projectQuery(projectId));
  return <ProjectStates query={query}>{(project) => <CalendarBody project={project} />}</ProjectStates>;
}

function CalendarBody({ project }: { project: Project }) {
  const { t } = useTranslation('forms');
  const save = useProjectUpdate(project.id);
  const week = useQuery(calendarQuery(project.calendarId));
  return (
    <Box>
      {project.canEdit ? (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <LookupField
            source="calendars"
            size="small"
            label={t('project.calendar.choose')}
            value={project.calendarId ? { id: project.calendarId, label: project.calendarName } : null}
            disabled={save.isPending}
            onChange={(choice) => save.mutate({ calendarId: choice?.id ?? 0 })}
          />
        </Box>
      ) : (
        <Typography variant="body1" sx={{ fontWeight: 500, mb: 1 }}>
          {project.calendarName || t('project.calendar.none')}
        </Typography>
      )}
      {project.calendarId > 0 && week.isSuccess && <CalendarWeek periods={week.data} />}
      {project.calendarId > 0 && week.isError && (
        <Typography variant="body2" color="error">
          {week.error.message}
        </Typography>
      )}
      {project.calendarId === 0 && project.canEdit && (
        <Typography variant="body2" color="text.secondary">
          {t('project.calendar.none')}
        </Typography>
      )}
      {!project.canEdit && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
          {t('project.readOnly')}
        </Typography>
      )}
    </Box>
  );
}

function CalendarWeek({ periods }: { periods: WorkPeriod[] }) {
  const { t, i18n } = useTranslation('forms');
  const language = i18n.language;
  if (periods.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('calendar.empty')}
      </Typography>
    );
  }
  const total = periods.reduce((sum, p) => sum + periodMinutes(p), 0);
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Table size="small" aria-label={t('project.calendar.week')}>
        <TableBody>
          {WEEK.map((day) => {
            const own = periods.filter((p) => p.weekDay === day).sort((a, b) => a.start.localeCompare(b.start));
            const minutes = own.reduce((sum, p) => sum + periodMinutes(p), 0);
            return (
              <TableRow key={day}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500, pl: 0 }}>
                  {weekDayName(day, language)}
                </TableCell>
                <TableCell sx={{ color: own.length ? undefined : 'text.secondary' }}>
                  {own.length ? own.map((p) => `${p.start}–${p.end}`).join(', ') : t('project.calendar.dayOff')}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', pr: 0 }}>
                  {minutes ? t('project.calendar.hours', { hours: formatHours(minutes, language) }) : ''}
                </TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 500, pl: 0, borderBottom: 0 }}>
              {t('project.calendar.weekTotal')}
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', pr: 0, borderBottom: 0 }}
            >
              {t('project.calendar.hours', { hours: formatHours(total, language) })}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('project.calendar.months')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
          {monthsAhead(periods, new Date()).map((m) => (
            <Box component="li" key={m.month.toISOString()} sx={{ typography: 'body2' }}>
              <Box component="span" sx={{ fontWeight: 500 }}>
                {capitalized(monthName.format(m.month), language)}
              </Box>
              {' · '}
              {t('project.calendar.workDays', { count: m.days })}
              {' · '}
              {t('project.calendar.hours', { hours: formatHours(m.minutes, language) })}
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('project.calendar.noExceptions')}
        </Typography>
      </Box>
    </Box>
  );
}
