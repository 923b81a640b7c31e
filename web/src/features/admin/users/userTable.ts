import type { UserRow } from '../api';
import { fold } from '../../../lib/format';

/** Spec section 9: the user table shows 100 rows, not paged. */
export const USER_TABLE_ROWS = 100;

export interface UserColumnFilters {
  name: string;
  email: string;
  companyName: string;
}

export const NO_FILTERS: UserColumnFilters = { name: '', email: '', companyName: '' };

/**
 * The rows the table shows: each column's text filter (contains, case and accents ignored),
 * sorted by name, at most USER_TABLE_ROWS of them. `matched` counts every row that passed the
 * filters, so the table can say how many more the filters hide.
 */
export function visibleUsers(
  rows: UserRow[],
  filters: UserColumnFilters,
  direction: 'asc' | 'desc',
): { rows: UserRow[]; matched: number } {
  const wanted = (Object.keys(filters) as (keyof UserColumnFilters)[])
    .map((column) => [column, fold(filters[column].trim())] as const)
    .filter(([, text]) => text !== '');
  const matching =
    wanted.length === 0
      ? rows
      : rows.filter((row) => wanted.every(([column, text]) => fold(row[column] ?? '').includes(text)));
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  const sorted = [...matching].sort(
    (a, b) => collator.compare(a.name, b.name) * (direction === 'asc' ? 1 : -1) || a.id - b.id,
  );
  return { rows: sorted.slice(0, USER_TABLE_ROWS), matched: matching.length };
}
