import dayjs from 'dayjs';
import { parseHours } from '../forms';
import type { CellChange, WeekRow } from './api';

/** The most a cell holds: one day. */
export const MAX_CELL_MINUTES = 24 * 60;

/** Today in the browser's time zone, YYYY-MM-DD. */
export function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** The Sunday that starts the week of a day (YYYY-MM-DD): weeks run Sunday to Saturday, as in Brazil. */
export function sundayOf(date: string): string {
  const day = dayjs(date, 'YYYY-MM-DD');
  return day.subtract(day.day(), 'day').format('YYYY-MM-DD');
}

/** The day n days after date (before, when negative). */
export function addDays(date: string, n: number): string {
  return dayjs(date, 'YYYY-MM-DD').add(n, 'day').format('YYYY-MM-DD');
}

/** Whether a YYYY-MM-DD text names a real day. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, 'YYYY-MM-DD').format('YYYY-MM-DD') === text;
}

/** A cell being typed: its text as the person typed it and its note. */
export interface Draft {
  text: string;
  description: string;
}

export type Drafts = Record<string, Draft>;

export const cellKey = (itemId: number, date: string) => `${itemId}|${date}`;

/** Reads a cell's text as minutes: empty is 0, else hours as the item's control reads them (1:30, 1,5, 1.5). */
export function readCell(text: string): number | null {
  if (text.trim() === '') return 0;
  const minutes = parseHours(text);
  return minutes !== null && minutes <= MAX_CELL_MINUTES ? minutes : null;
}

/** What a cell shows for minutes: H:MM, or nothing for 0. */
export function cellText(minutes: number): string {
  return minutes === 0 ? '' : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A cell's minutes as typed; its saved minutes while the text is unreadable. */
export function cellMinutes(row: WeekRow, day: number, drafts: Drafts): number {
  const cell = row.cells[day];
  if (!cell) return 0;
  const draft = drafts[cellKey(row.itemId, cell.date)];
  if (!draft) return cell.minutes;
  return readCell(draft.text) ?? cell.minutes;
}

export interface Totals {
  rows: number[];
  days: number[];
  week: number;
}

/** Sums the cells as typed, by row, by day and in all. */
export function totalsOf(rows: WeekRow[], days: number, drafts: Drafts): Totals {
  const out: Totals = { rows: [], days: Array.from({ length: days }, () => 0), week: 0 };
  for (const row of rows) {
    let sum = 0;
    for (let d = 0; d < days; d++) {
      const minutes = cellMinutes(row, d, drafts);
      sum += minutes;
      out.days[d] = (out.days[d] ?? 0) + minutes;
    }
    out.rows.push(sum);
    out.week += sum;
  }
  return out;
}

/** How a day's total stands against its capacity. */
export type DayLoad = 'over' | 'under' | 'full' | 'free';

export function dayLoad(total: number, capacity: number): DayLoad {
  if (total > capacity) return 'over';
  if (total === capacity) return capacity === 0 ? 'free' : 'full';
  return 'under';
}

/** The cells typed differently from what is saved, and the keys of those that cannot be read. */
export function changesOf(rows: WeekRow[], drafts: Drafts): { cells: CellChange[]; invalid: string[] } {
  const cells: CellChange[] = [];
  const invalid: string[] = [];
  for (const row of rows) {
    for (const cell of row.cells) {
      const key = cellKey(row.itemId, cell.date);
      const draft = drafts[key];
      if (!draft) continue;
      const minutes = readCell(draft.text);
      if (minutes === null) {
        invalid.push(key);
        continue;
      }
      const description = draft.description.trim();
      if (minutes === cell.minutes && description === cell.description) continue;
      cells.push({ itemId: row.itemId, date: cell.date, minutes, description });
    }
  }
  return { cells, invalid };
}

/** An item as a row of the week without hours (one added by search or copied from last week). */
export function emptyRow(item: Omit<WeekRow, 'cells' | 'canRecord'>, dates: string[]): WeekRow {
  return {
    ...item,
    canRecord: true,
    cells: dates.map((date) => ({
      date,
      minutes: 0,
      entryIds: [],
      description: '',
      readOnly: false,
      state: '',
      reviewNote: '',
      reviewer: '',
      automatic: false,
    })),
  };
}
