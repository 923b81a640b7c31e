import type { WorkPeriod } from '../api';
import { checkDateText } from '../../../lib/dates';

/** The server keeps at most 70 periods (ten a day). */
export const MAX_WORK_PERIODS = 70;

/** Whether the text is a time of day HH:mm (00:00 to 23:59). */
function validTime(text: string): boolean {
  const check = checkDateText(text, 'HH:mm');
  return check.ok && check.parts !== null;
}

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Monday to Friday, 08:00–12:00 and 13:00–17:00. */
export function businessWeek(): WorkPeriod[] {
  return [1, 2, 3, 4, 5].flatMap((weekDay) => [
    { weekDay, start: '08:00', end: '12:00' },
    { weekDay, start: '13:00', end: '17:00' },
  ]);
}

/** The periods with their index in the list, by week day (in the order they were given). */
export function periodsByDay(periods: WorkPeriod[]): Map<number, { period: WorkPeriod; index: number }[]> {
  const days = new Map<number, { period: WorkPeriod; index: number }[]>(WEEK_DAYS.map((day) => [day, []]));
  periods.forEach((period, index) => days.get(period.weekDay)?.push({ period, index }));
  return days;
}

/**
 * A new period for a day: after the day's last period (an hour later, four hours long), or
 * 08:00–12:00 for an empty day; undefined when the day has no room left.
 */
export function nextPeriodOf(periods: WorkPeriod[], weekDay: number): WorkPeriod | undefined {
  const last = periods
    .filter((p) => p.weekDay === weekDay && validTime(p.end))
    .sort((a, b) => a.end.localeCompare(b.end))
    .pop();
  if (!last) return { weekDay, start: '08:00', end: '12:00' };
  const endHour = Number(last.end.slice(0, 2));
  if (endHour >= 22) return undefined;
  const start = Math.min(endHour + 1, 22);
  const end = Math.min(start + 4, 23);
  const hh = (h: number) => `${String(h).padStart(2, '0')}:${last.end.slice(3)}`;
  return { weekDay, start: hh(start), end: end === 23 ? '23:59' : hh(end) };
}

/** What is wrong with a period, if anything: a time that is not HH:mm, or an end not after the start. */
export function periodProblem(period: WorkPeriod): 'time' | 'order' | undefined {
  if (!validTime(period.start) || !validTime(period.end)) return 'time';
  return period.end > period.start ? undefined : 'order';
}
