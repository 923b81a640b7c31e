import type { WorkPeriod } from '../api';

/** The server keeps at most 70 periods (ten a day). */
export const MAX_WORK_PERIODS = 70;

/** Monday to Friday, 08:00–12:00 and 13:00–17:00. */
export function businessWeek(): WorkPeriod[] {
  return [1, 2, 3, 4, 5].flatMap((weekDay) => [
    { weekDay, start: '08:00', end: '12:00' },
    { weekDay, start: '13:00', end: '17:00' },
  ]);
}

/** By week day, then start time. */
export function sortPeriods(periods: WorkPeriod[]): WorkPeriod[] {
  return [...periods].sort((a, b) => a.weekDay - b.weekDay || a.start.localeCompare(b.start));
}

/** The period a new line starts with: the day after the last one, at the same hours (Monday 08:00–17:00 first). */
export function nextPeriod(periods: WorkPeriod[]): WorkPeriod {
  const last = periods[periods.length - 1];
  if (!last) return { weekDay: 1, start: '08:00', end: '17:00' };
  return { weekDay: (last.weekDay + 1) % 7, start: last.start, end: last.end };
}
