import { formatDate, formatDecimal } from '../../lib/valueFormat';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MIDNIGHT_UTC = /T00:00(:00(\.0+)?)?(Z|\+00:00)$/;

/**
 * A table cell as spec section 9 shows values: booleans Sim/Não, integers without decimals,
 * other numbers with two (truncated), days DD/MM/YYYY and moments DD/MM/YYYY HH:mm. A table
 * result names no column types, so the value's own shape decides.
 */
export function formatCell(value: unknown, lang: string, yesNo: { yes: string; no: string }): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatDecimal(value, lang);
  if (typeof value === 'string') {
    // Rules hand days over as YYYY-MM-DD or as midnight UTC (how dates are stored).
    if (DAY.test(value) || (MOMENT.test(value) && MIDNIGHT_UTC.test(value))) return formatDate(value, 1);
    if (MOMENT.test(value)) return formatDate(value, 0) || value;
    return value;
  }
  return JSON.stringify(value);
}
