/**
 * What numberFormatOf and checkNumber read of a numeric control; a form's control (features/forms'
 * FormControl) has these, and so does any other numeric input described the same way.
 */
export interface NumericControl {
  itemType?: string;
  attributeType?: string;
  required?: boolean;
  minimum?: number;
  maximum?: number;
  decimalScale?: number;
  currency?: boolean;
  decimalSeparator?: string;
  thousandSeparator?: string;
}

/** How a numeric input shows its number (spec section 3, "Numeric input control"; section 9). */
export interface NumberFormat {
  decimalScale: number;
  decimalSeparator: string;
  thousandSeparator: string;
  /** Two fixed decimals, digits only, optional leading minus (spec section 5, currency input). */
  currency: boolean;
  allowNegative: boolean;
}

/** Spec section 5: the bounds a numeric field has when the form names none. */
export const DEFAULT_MINIMUM = -1e22;
export const DEFAULT_MAXIMUM = 1e21;

export function numberFormatOf(control: NumericControl): NumberFormat {
  const currency = control.currency === true || control.itemType === 'Currency';
  const integer = control.itemType === 'Integer' || control.attributeType === 'INTEGER';
  const decimalScale = control.decimalScale ?? (integer ? 0 : 2);
  return {
    decimalScale: currency ? 2 : decimalScale,
    decimalSeparator: control.decimalSeparator || ',',
    thousandSeparator: control.thousandSeparator ?? '.',
    currency,
    allowNegative: (control.minimum ?? DEFAULT_MINIMUM) < 0,
  };
}

/** The plain decimal digits of a number, without exponent ("1e21" becomes "1000000000000000000000"). */
function plainDigits(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e21) return BigInt(Math.trunc(abs)).toString();
  if (abs !== 0 && abs < 1e-6) return '0';
  return String(abs);
}

function group(integer: string, separator: string): string {
  if (!separator) return integer;
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Shows a number with the control's separators and exactly decimalScale decimals,
 * truncated, never rounded (spec section 9).
 */
export function formatNumber(value: number | null | undefined, format: NumberFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const [integer = '0', fraction = ''] = plainDigits(value).split('.');
  const decimals = fraction.slice(0, format.decimalScale).padEnd(format.decimalScale, '0');
  const negative = value < 0 && /[1-9]/.test(integer + decimals);
  const text =
    group(integer, format.thousandSeparator) + (format.decimalScale > 0 ? format.decimalSeparator + decimals : '');
  return (negative ? '-' : '') + text;
}

/**
 * Whether a '.' in text is a decimal point typed into a field whose decimal separator is ','
 * (a keyboard's numeric pad, a number copied from elsewhere): unambiguous when the text holds
 * no ',' and one '.' followed by 1 to decimalScale digits — the field's own thousands never
 * have fewer than three digits after a '.'. While typing (trailing), "12." is one too.
 */
export function hasDecimalPoint(text: string, format: NumberFormat, trailing = false): boolean {
  if (format.decimalSeparator !== ',' || format.decimalScale === 0) return false;
  const match = /^\s*-?\d*\.(\d*)\s*$/.exec(text);
  if (!match) return false;
  const decimals = match[1]?.length ?? 0;
  return decimals <= format.decimalScale && (decimals > 0 || (trailing && /\d\.\s*$/.test(text)));
}

/**
 * Reads what the user typed: null when empty, NaN when it is not a number in the control's
 * format, else the number. Thousand separators are ignored; a decimal point where the field
 * wants a comma is read as the comma when unambiguous (hasDecimalPoint).
 */
export function parseNumber(text: string, format: NumberFormat): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return null;
  if (hasDecimalPoint(trimmed, format)) return Number(trimmed);
  let plain = trimmed;
  if (format.thousandSeparator) plain = plain.split(format.thousandSeparator).join('');
  plain = plain.split(format.decimalSeparator).join('.');
  if (!/^-?\d+(\.\d*)?$/.test(plain) && !/^-?\.\d+$/.test(plain)) return Number.NaN;
  return Number(plain);
}

/**
 * Cleans a keystroke's result as the field formats it while typing: digits, one decimal
 * separator (none for integers), a leading minus when negatives are allowed, at most
 * decimalScale decimals, thousands grouped. A decimal point typed where the field wants a comma
 * (hasDecimalPoint) is kept as typed, and becomes the comma when the user leaves the field;
 * previous (the value before the keystroke) tells it from a shortened grouped number
 * ("1.234" erased to "1.23" is 123, not 1,23).
 */
export function cleanNumberInput(text: string, format: NumberFormat, previous = ''): string {
  const negative = format.allowNegative && text.trim().startsWith('-');
  const plain = text.replace(/[^\d.,-]/g, '');
  const wasPoint = hasDecimalPoint(previous, format, true);
  const grouped = previous.includes('.') && !wasPoint;
  const typedPoint = hasDecimalPoint(plain, format, true) && !(grouped && text.length < previous.length);
  // A digit past the scale after a typed point is dropped, as after a comma.
  if (/^-?\d*\.\d*$/.test(plain) && (typedPoint || wasPoint)) {
    const [integer = '', fraction = ''] = plain.replace('-', '').split('.');
    return (
      (negative ? '-' : '') + (integer.replace(/^0+(?=\d)/, '') || '0') + '.' + fraction.slice(0, format.decimalScale)
    );
  }
  let integer = '';
  let fraction: string | null = null;
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (fraction === null) integer += char;
      else fraction += char;
    } else if (char === format.decimalSeparator && fraction === null && format.decimalScale > 0) {
      fraction = '';
    }
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  if (fraction !== null && integer === '') integer = '0';
  let result = group(integer, format.thousandSeparator);
  if (fraction !== null) result += format.decimalSeparator + fraction.slice(0, format.decimalScale);
  return (negative ? '-' : '') + result;
}

/** What a field shows once the user leaves it: the number in full format (currency: two fixed decimals). */
export function normalizeNumberText(text: string, format: NumberFormat): string {
  const value = parseNumber(text, format);
  if (value === null || Number.isNaN(value)) return text;
  return formatNumber(value, format);
}

/** A bound as a person reads it in a message: separators, no trailing zeros. */
export function formatBound(value: number, format: NumberFormat): string {
  const [integer = '0', fraction = ''] = plainDigits(value).split('.');
  const decimals = fraction.replace(/0+$/, '');
  return (
    (value < 0 ? '-' : '') +
    group(integer, format.thousandSeparator) +
    (decimals ? format.decimalSeparator + decimals : '')
  );
}

export type NumberProblem =
  { key: 'fillInThisField' } | { key: 'invalidNumber' } | { key: 'valueInRange'; minimum: string; maximum: string };

/** Spec section 5, numeric field: required and empty, not a number, or outside minimum/maximum. */
export function checkNumber(text: string, control: NumericControl): NumberProblem | null {
  const format = numberFormatOf(control);
  const value = parseNumber(text, format);
  if (value === null) return control.required ? { key: 'fillInThisField' } : null;
  if (Number.isNaN(value)) return { key: 'invalidNumber' };
  const minimum = control.minimum ?? DEFAULT_MINIMUM;
  const maximum = control.maximum ?? DEFAULT_MAXIMUM;
  if (value < minimum || value > maximum) {
    return { key: 'valueInRange', minimum: formatBound(minimum, format), maximum: formatBound(maximum, format) };
  }
  return null;
}
