import type { Holiday, WorkPeriod } from '../admin';
import type { CalendarException, Period } from './api';

/** The server keeps at most 200 exceptions a calendar, each with at most 10 periods. */
export const MAX_EXCEPTIONS = 200;
export const MAX_EXCEPTION_PERIODS = 10;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minutes of a period, 0 when a time is not HH:mm or the end is not after the start. */
export function periodMinutes(period: Period): number {
  if (!TIME.test(period.start) || !TIME.test(period.end)) return 0;
  return Math.max(0, minutesOf(period.end) - minutesOf(period.start));
}

/** A calendar's capacity: the minutes of its work periods in a week (as the list's weeklyMinutes). */
export function weeklyMinutes(periods: WorkPeriod[]): number {
  return periods.reduce((sum, period) => sum + periodMinutes(period), 0);
}

/** Minutes as hours with at most two decimals, in the language's digits: 2250 → "37,5". */
export function formatHours(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(minutes / 60);
}

/** A cost per hour in the language's digits, always two decimals: 85.5 → "85,50". */
export function formatCostRate(value: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * The cost typed in the form: null when empty, undefined when it is not a number that is not
 * negative with at most two decimals. A comma or a point separates the cents; thousands are not
 * grouped ("1.234,50" is refused rather than guessed).
 */
export function parseCostRate(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

/** The text the form shows for a stored cost: "85,50" in pt-BR, "85.50" in English, '' for none. */
export function costRateText(value: number | null, language: string): string {
  if (value === null) return '';
  const text = value.toFixed(2);
  return language.toLowerCase().startsWith('pt') ? text.replace('.', ',') : text;
}

/** What is wrong with an exception before it goes to the server, if anything. */
export function exceptionProblem(
  exception: CalendarException,
  all: CalendarException[],
  holidays: Holiday[],
): 'date' | 'twice' | 'holiday' | 'periods' | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(exception.date)) return 'date';
  if (all.filter((e) => e.date === exception.date).length > 1) return 'twice';
  if (holidays.some((h) => h.date === exception.date)) return 'holiday';
  const sorted = [...exception.periods].sort((a, b) => a.start.localeCompare(b.start));
  const bad = sorted.some(
    (period, i) => periodMinutes(period) === 0 || (i > 0 && period.start < (sorted[i - 1]?.end ?? '')),
  );
  return bad ? 'periods' : undefined;
}

/** A new period for an exception's day: after its last one, or 08:00–12:00. */
export function nextExceptionPeriod(periods: Period[]): Period | undefined {
  if (periods.length >= MAX_EXCEPTION_PERIODS) return undefined;
  const last = [...periods]
    .filter((p) => TIME.test(p.end))
    .sort((a, b) => a.end.localeCompare(b.end))
    .pop();
  if (!last) return { start: '08:00', end: '12:00' };
  const hour = Number(last.end.slice(0, 2));
  if (hour >= 22) return undefined;
  const start = hour + 1;
  const end = Math.min(start + 4, 23);
  const hh = (h: number) => `${String(h).padStart(2, '0')}:${last.end.slice(3)}`;
  return { start: hh(start), end: end === 23 ? '23:59' : hh(end) };
}
