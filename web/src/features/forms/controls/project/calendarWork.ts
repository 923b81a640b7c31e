import type { WorkPeriod } from './api';

// The arithmetic of a work calendar's week (periods per week day, HH:MM) that the project calendar shows.

const MONTHS_AHEAD = 3;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const periodMinutes = (p: WorkPeriod) => Math.max(0, minutesOf(p.end) - minutesOf(p.start));

/** The name of a day of the week (0 Sunday) in the language. */
export function weekDayName(day: number, language: string): string {
  // 2023-01-01 was a Sunday.
  const name = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
  return capitalized(name, language);
}

/** A date's name as a heading starts: "Segunda-feira", "Novembro de 2026". */
export const capitalized = (text: string, language: string) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

export interface MonthWork {
  /** The first day of the month, local time. */
  month: Date;
  days: number;
  minutes: number;
}

/** The working days and hours of the months from `from`'s on, by the calendar's week (it records no holidays). */
export function monthsAhead(periods: WorkPeriod[], from: Date, count = MONTHS_AHEAD): MonthWork[] {
  const perDay = new Map<number, number>();
  for (const p of periods) perDay.set(p.weekDay, (perDay.get(p.weekDay) ?? 0) + periodMinutes(p));
  const out: MonthWork[] = [];
  for (let i = 0; i < count; i++) {
    const month = new Date(from.getFullYear(), from.getMonth() + i, 1);
    const work: MonthWork = { month, days: 0, minutes: 0 };
    for (let day = new Date(month); day.getMonth() === month.getMonth(); day.setDate(day.getDate() + 1)) {
      const minutes = perDay.get(day.getDay()) ?? 0;
      if (minutes > 0) {
        work.days += 1;
        work.minutes += minutes;
      }
    }
    out.push(work);
  }
  return out;
}
