/**
 * How the list shows values (spec section 9): money as Brazilian real (R$, two decimals), percent
 * and duration ('hrs') with two decimals, integers with none — truncated, never rounded; booleans
 * Sim/Não; dates by dateTimeFormatType.
 */

/** Cuts a number to `decimals` places without rounding (1.239 → 1.23, -1.239 → -1.23). */
export function truncate(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // toFixed(6) first: 1.005 * 100 is 100.49999999999999 in binary, and must still cut to 1.00.
  return Math.trunc(Number((value * factor).toFixed(6))) / factor;
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** R$ 1.234,56 (pt-BR) / R$1,234.56 (en): always Brazilian real. */
export function formatCurrency(value: unknown, lang: string): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  return numberFormat(lang, {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(truncate(n, 2));
}

/** 1.234,56 with two decimals. */
export function formatDecimal(value: unknown, lang: string): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  return numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(truncate(n, 2));
}

export function formatPercent(value: unknown, lang: string): string {
  const text = formatDecimal(value, lang);
  return text && `${text}%`;
}

export function formatDuration(value: unknown, lang: string): string {
  const text = formatDecimal(value, lang);
  return text && `${text} hrs`;
}

export function formatInteger(value: unknown, lang: string): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  return numberFormat(lang, { maximumFractionDigits: 0 }).format(Math.trunc(n));
}

/** The date pattern of a dateTimeFormatType (spec section 9). */
export function datePattern(dateTimeFormatType: number, custom?: string): string {
  switch (dateTimeFormatType) {
    case 1:
      return 'DD/MM/YYYY';
    case 2:
      return 'HH:mm';
    case 3:
      return custom ? custom.replace(/d/g, 'D').replace(/y/g, 'Y') : 'DD/MM/YYYY HH:mm';
    default:
      return 'DD/MM/YYYY HH:mm';
  }
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/**
 * A date in a pattern of D, M, Y, H, m, s letters. Date-only values (type 1) are days stored at
 * midnight UTC and are read in UTC, so they never move to the day before west of Greenwich; the
 * others are instants shown in the browser's time zone.
 */
export function formatDate(value: unknown, dateTimeFormatType: number, custom?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const utc = dateTimeFormatType === 1;
  const parts: Record<string, number> = {
    Y: utc ? date.getUTCFullYear() : date.getFullYear(),
    M: (utc ? date.getUTCMonth() : date.getMonth()) + 1,
    D: utc ? date.getUTCDate() : date.getDate(),
    H: utc ? date.getUTCHours() : date.getHours(),
    m: utc ? date.getUTCMinutes() : date.getMinutes(),
    s: utc ? date.getUTCSeconds() : date.getSeconds(),
  };
  return datePattern(dateTimeFormatType, custom).replace(/YYYY|YY|MM|DD|HH|mm|ss|[DMH]/g, (token) => {
    const n = parts[token.charAt(0)] ?? 0;
    if (token === 'YYYY') return pad(n, 4);
    if (token === 'YY') return pad(n % 100);
    return token.length === 2 ? pad(n) : String(n);
  });
}

/** The list's text of a value of an attribute type. */
export function formatValue(
  value: unknown,
  column: { field: string; type: string; dateTimeFormatType: number; dateTimeFormat?: string },
  lang: string,
  yesNo: { yes: string; no: string },
): string {
  if (value === null || value === undefined) return column.type === 'BOOLEAN' ? yesNo.no : '';
  if (column.field === 'FormattedID' || column.field === 'Position') return String(value);
  switch (column.type) {
    case 'CURRENCY':
      return formatCurrency(value, lang);
    case 'DECIMAL':
      return formatDecimal(value, lang);
    case 'PERCENTILE':
      return formatPercent(value, lang);
    case 'DURATION':
      return formatDuration(value, lang);
    case 'INTEGER':
      return formatInteger(value, lang);
    case 'BOOLEAN':
      return value === true || value === 'true' ? yesNo.yes : yesNo.no;
    case 'DATE_TIME':
      return formatDate(value, column.dateTimeFormatType, column.dateTimeFormat);
    default:
      return typeof value === 'object' ? '' : String(value);
  }
}
