/** One changed value of an audit event: the key, its value before and after (as display text). */
export interface Change {
  key: string;
  before: string;
  after: string;
}

/** The words a yes/no value is shown with (spec section 9: booleans show Sim or Não). */
export interface YesNo {
  yes: string;
  no: string;
}

/** An audit value as display text: strings as they are, yes/no for booleans, anything else as JSON. */
export function valueText(value: unknown, words: YesNo): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * What an administrative change changed: the keys whose value differs between the detail's
 * before and after (a creation lists every value, a deletion every value before). Events
 * without before/after (sign-in events) answer undefined.
 */
export function changesOf(detail: unknown, words: YesNo): Change[] | undefined {
  const record = asRecord(detail);
  if (!record || (!('before' in record) && !('after' in record))) return undefined;
  const before = asRecord(record.before) ?? {};
  const after = asRecord(record.after) ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: valueText(before[key], words), after: valueText(after[key], words) }));
}

/** The audit kind as a key of the translated action names ('admin.user.created' → 'admin_user_created'). */
export const actionKey = (kind: string) => kind.replace(/\./g, '_');

/** The period filter: whole days in the browser's time zone, the end day included ([from, to + 1 day)). */
export function periodOf(fromDay: string, toDay: string): { from?: string; to?: string } {
  const day = (value: string, plus = 0) => {
    const [y, m, d] = value.split('-').map(Number);
    if (!y || !m || !d) return undefined;
    return new Date(y, m - 1, d + plus).toISOString();
  };
  return { from: fromDay ? day(fromDay) : undefined, to: toDay ? day(toDay, 1) : undefined };
}
