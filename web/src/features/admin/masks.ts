// Typed dates and times (spec sections 5 and 9): DD/MM/YYYY and HH:mm whatever the browser's own
// locale is, years 1753 to 9999. The form keeps what is typed; the value sent is ISO.

const digits = (text: string) => text.replace(/\D/g, '');

/** Formats typed digits as DD/MM/YYYY while typing (the 99/99/9999 mask). */
export function maskDate(text: string): string {
  const d = digits(text).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** Formats typed digits as HH:mm while typing (the 99:99 mask). */
export function maskTime(text: string): string {
  const d = digits(text).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`;
}

/** DD/MM/YYYY → YYYY-MM-DD, or undefined when it is not a real date between 1753 and 9999. */
export function parseDate(text: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1753 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return undefined;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** YYYY-MM-DD (or an RFC 3339 time) → DD/MM/YYYY; anything else unchanged. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** Whether the text is a time of day HH:mm (00:00 to 23:59). */
export function validTime(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}
