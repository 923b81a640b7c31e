import { dateFormatOf, fromStoredDate } from '../../lib/dates';

/** A moment as spec section 9's default format shows it: DD/MM/YYYY HH:mm, in the browser's time. */
export function formatDateTime(value: unknown): string {
  return fromStoredDate(value, dateFormatOf(undefined, 0));
}

/** A date alone (DD/MM/YYYY), in the browser's time. */
export function formatDate(value: unknown): string {
  return fromStoredDate(value, 'DD/MM/YYYY HH:mm').slice(0, 10);
}
