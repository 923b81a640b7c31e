/** Spec section 3, date chooser: the format's letters say whether it takes a date, a time or both. */
export type DateMode = 'date' | 'time' | 'dateTime';

/** Spec section 5: years a date may have. */
export const MIN_YEAR = 1753;
export const MAX_YEAR = 9999;
/** Spec section 9: the date-time picker moves in 15-minute steps. */
export const MINUTE_STEP = 15;

/** Spec section 9: the format of each dateTimeFormatType (3 custom: d and y upper-cased). */
export function dateFormatOf(format: string | undefined, dateTimeFormatType?: number): string {
  if (format) return format.replace(/d/g, 'D').replace(/y/g, 'Y');
  switch (dateTimeFormatType) {
    case 1:
      return 'DD/MM/YYYY';
    case 2:
      return 'HH:mm';
    default:
      return 'DD/MM/YYYY HH:mm';
  }
}

export function dateModeOf(format: string): DateMode {
  const time = /[Hms]/.test(format);
  const date = /[DMY]/.test(format);
  if (time && !date) return 'time';
  if (date && !time) return 'date';
  return 'dateTime';
}

/**
 * What a date input holds while its sections are unfinished or make no real date (31/02): a text
 * no format reads, so checkDateText calls it incorrectDate.
 */
export const INCOMPLETE_DATE = 'incomplete';

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type DateCheck =
  | { ok: true; parts: DateParts }
  | { ok: false; key: 'fillInThisField' | 'incorrectDate' | 'enterValidValueDate' }
  | { ok: true; parts: null };

function tokens(format: string): { letter: string; start: number; length: number }[] {
  const out: { letter: string; start: number; length: number }[] = [];
  for (let i = 0; i < format.length;) {
    const letter = format.charAt(i);
    let j = i;
    while (j < format.length && format[j] === letter) j++;
    if (/[DMYHms]/.test(letter)) out.push({ letter, start: i, length: j - i });
    i = j;
  }
  return out;
}

/** The texts a format reads: each letter a digit, every other character itself (DD/MM/YYYY: 99/99/9999). */
function patternOf(format: string): RegExp {
  const source = [...format]
    .map((char) => (/[DMYHms]/.test(char) ? '\\d' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Reads a typed date (spec section 5, date chooser): empty is fine unless required
 * (fillInThisField); a text the format cannot read or an impossible day is incorrectDate;
 * a year outside 1753 to 9999 is enterValidValueDate.
 */
export function checkDateText(text: string, format: string, required = false): DateCheck {
  if (text.trim() === '') return required ? { ok: false, key: 'fillInThisField' } : { ok: true, parts: null };
  if (!patternOf(format).test(text)) return { ok: false, key: 'incorrectDate' };
  const parts: DateParts = { year: 1900, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const token of tokens(format)) {
    const value = Number(text.slice(token.start, token.start + token.length));
    if (token.letter === 'D') parts.day = value;
    else if (token.letter === 'M') parts.month = value;
    else if (token.letter === 'Y') parts.year = token.length === 2 ? 2000 + value : value;
    else if (token.letter === 'H') parts.hour = value;
    else if (token.letter === 'm') parts.minute = value;
    else parts.second = value;
  }
  if (
    parts.month < 1 ||
    parts.month > 12 ||
    parts.day < 1 ||
    parts.hour > 23 ||
    parts.minute > 59 ||
    parts.second > 59
  ) {
    return { ok: false, key: 'incorrectDate' };
  }
  const daysInMonth = new Date(Date.UTC(2000, parts.month, 0)).getUTCDate();
  const leap = parts.year % 4 === 0 && (parts.year % 100 !== 0 || parts.year % 400 === 0);
  if (parts.day > (parts.month === 2 ? (leap ? 29 : 28) : daysInMonth)) return { ok: false, key: 'incorrectDate' };
  if (parts.year < MIN_YEAR || parts.year > MAX_YEAR) return { ok: false, key: 'enterValidValueDate' };
  return { ok: true, parts };
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/**
 * The value saveItem takes: a date alone as YYYY-MM-DD (stored at midnight UTC), a date and
 * time as the local moment in RFC 3339, a time alone on 1900-01-01.
 */
export function toStoredDate(parts: DateParts, mode: DateMode): string {
  if (mode === 'date') return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
  const local = new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  local.setFullYear(parts.year); // years below 100 would otherwise mean 19xx
  return local.toISOString();
}

/** Shows a stored value in the format: dates alone as stored (UTC), moments in the browser's time. */
export function fromStoredDate(value: unknown, format: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const utc = dateModeOf(format) === 'date';
  const parts: Record<string, number> = {
    D: utc ? date.getUTCDate() : date.getDate(),
    M: (utc ? date.getUTCMonth() : date.getMonth()) + 1,
    Y: utc ? date.getUTCFullYear() : date.getFullYear(),
    H: utc ? date.getUTCHours() : date.getHours(),
    m: utc ? date.getUTCMinutes() : date.getMinutes(),
    s: utc ? date.getUTCSeconds() : date.getSeconds(),
  };
  let out = format;
  for (const token of tokens(format).reverse()) {
    const n = parts[token.letter] ?? 0;
    const text = token.letter === 'Y' && token.length === 2 ? pad(n % 100) : pad(n, token.length);
    out = out.slice(0, token.start) + text + out.slice(token.start + token.length);
  }
  return out;
}
