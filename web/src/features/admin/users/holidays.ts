import dayjs from 'dayjs';
import type { Holiday } from '../api';

/** The server keeps at most 200 holidays a calendar. */
export const MAX_HOLIDAYS = 200;

/** The national holidays (feriados nacionais) by law, by the keys of their names. */
export type NationalHoliday =
  | 'newYear'
  | 'goodFriday'
  | 'tiradentes'
  | 'labour'
  | 'independence'
  | 'aparecida'
  | 'allSouls'
  | 'republic'
  | 'blackConsciousness'
  | 'christmas';

/** The fixed ones: month, day, and the first year of one made national later. */
const FIXED: [key: NationalHoliday, month: number, day: number, from?: number][] = [
  ['newYear', 1, 1],
  ['tiradentes', 4, 21],
  ['labour', 5, 1],
  ['independence', 9, 7],
  ['aparecida', 10, 12],
  ['allSouls', 11, 2],
  ['republic', 11, 15],
  // Lei 14.759/2023 made Zumbi's day a national holiday from 2024.
  ['blackConsciousness', 11, 20, 2024],
  ['christmas', 12, 25],
];

/** Easter Sunday of year (the Gregorian computus, Meeus/Jones/Butcher): [month, day]. */
export function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * Brazil's national holidays of year in date order, as keys of the names: Good Friday (two days
 * before Easter) and the fixed ones. Carnival and Corpus Christi are optional days off (pontos
 * facultativos), added by hand where a company keeps them.
 */
export function nationalHolidays(year: number): { date: string; key: NationalHoliday }[] {
  const [month, day] = easter(year);
  const goodFriday = dayjs(iso(year, month, day))
    .subtract(2, 'day')
    .format('YYYY-MM-DD');
  return [
    { date: goodFriday, key: 'goodFriday' as const },
    ...FIXED.filter(([, , , from]) => !from || year >= from).map(([key, m, d]) => ({ date: iso(year, m, d), key })),
  ].sort((x, y) => x.date.localeCompare(y.date));
}

/** holidays with those of the year's list they lack (by date), in date order. */
export function withNational(holidays: Holiday[], national: Holiday[]): Holiday[] {
  const have = new Set(holidays.map((h) => h.date));
  return [...holidays, ...national.filter((h) => !have.has(h.date))].sort((a, b) => a.date.localeCompare(b.date));
}

/** What is wrong with a holiday before it goes to the server, if anything. */
export function holidayProblem(h: Holiday, all: Holiday[]): 'date' | 'twice' | 'name' | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(h.date)) return 'date';
  if (all.filter((x) => x.date === h.date).length > 1) return 'twice';
  if (h.name.trim() === '') return 'name';
  return undefined;
}
