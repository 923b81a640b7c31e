import type { ImportField } from './api';

/** The attribute types the import dialog asks as numbers. */
export const NUMBERS = ['INTEGER', 'DECIMAL', 'CURRENCY', 'PERCENTILE'];

/** The value sent for a field as the user typed or chose it; undefined while empty. */
export function fieldValue(field: ImportField, raw: string | boolean | undefined): unknown {
  if (field.type === 'BOOLEAN') return raw === true;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  if (NUMBERS.includes(field.type)) return Number(raw.replace(',', '.'));
  if (field.type === 'DATE_TIME') return `${raw}T00:00:00Z`;
  return raw.trim();
}
