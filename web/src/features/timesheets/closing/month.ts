const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's month as YYYY-MM. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

/** YYYY-MM with a real month and a year the server takes. */
export function isMonth(text: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  return Boolean(m) && Number(m![1]) >= 1753 && Number(m![2]) >= 1 && Number(m![2]) <= 12;
}

/** The month n months after month (before, when n is negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}`;
}

/** Minutes as H:MM (0:00 for none). */
export function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}
