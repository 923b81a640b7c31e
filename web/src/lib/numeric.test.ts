import { describe, expect, it } from 'vitest';
import {
  checkNumber,
  cleanNumberInput,
  formatNumber,
  hasDecimalPoint,
  normalizeNumberText,
  numberFormatOf,
  parseNumber,
  type NumericControl,
} from './numeric';

const currency: NumericControl = {
  itemType: 'Currency',
  currency: true,
  decimalScale: 2,
  decimalSeparator: ',',
  thousandSeparator: '.',
  minimum: 0,
};
const percent: NumericControl = {
  itemType: 'Percentile',
  decimalScale: 2,
  minimum: 0,
  maximum: 100,
};
const integer: NumericControl = {
  itemType: 'Integer',
  attributeType: 'INTEGER',
  minimum: 0,
  maximum: 100,
};
const signed: NumericControl = {
  itemType: 'Decimal',
  decimalScale: 3,
  decimalSeparator: '.',
  thousandSeparator: ',',
};

describe('numeric format', () => {
  it('shows money as R$ does: comma decimals, dot thousands, two decimals', () => {
    const format = numberFormatOf(currency);
    expect(formatNumber(1234.5, format)).toBe('1.234,50');
    expect(formatNumber(1234567.891, format)).toBe('1.234.567,89');
    expect(formatNumber(0, format)).toBe('0,00');
    expect(formatNumber(-12.3, format)).toBe('-12,30');
  });

  it('truncates to the decimal scale instead of rounding (spec section 9)', () => {
    expect(formatNumber(2.999, numberFormatOf(percent))).toBe('2,99');
    expect(formatNumber(1.005, numberFormatOf(percent))).toBe('1,00');
    expect(formatNumber(-0.001, numberFormatOf(percent))).toBe('0,00');
  });

  it('integers have no decimals; other separators are honoured', () => {
    expect(formatNumber(12345, numberFormatOf(integer))).toBe('12.345');
    expect(formatNumber(1234.5678, numberFormatOf(signed))).toBe('1,234.567');
  });

  it('writes the default maximum without an exponent', () => {
    expect(formatNumber(1e21, numberFormatOf(integer))).toBe('1.000.000.000.000.000.000.000');
  });

  it('reads what was typed, ignoring thousand separators', () => {
    const format = numberFormatOf(currency);
    expect(parseNumber('1.234,56', format)).toBe(1234.56);
    expect(parseNumber('-7', numberFormatOf(signed))).toBe(-7);
    expect(parseNumber('', format)).toBeNull();
    expect(parseNumber('abc', format)).toBeNaN();
    expect(parseNumber('1,2,3', format)).toBeNaN();
  });

  it('keeps only digits, one decimal separator and a leading minus while typing', () => {
    const money = numberFormatOf(currency);
    expect(cleanNumberInput('R$ 12a34,567', money)).toBe('1.234,56');
    expect(cleanNumberInput('-5', money)).toBe('5'); // minimum 0: no negatives
    expect(cleanNumberInput('-5', numberFormatOf(signed))).toBe('-5');
    expect(cleanNumberInput('3,7', numberFormatOf(integer))).toBe('37');
    expect(cleanNumberInput(',5', money)).toBe('0,5');
    expect(cleanNumberInput('0012', money)).toBe('12');
  });

  it('completes the decimals when the user leaves the field', () => {
    expect(normalizeNumberText('1234,5', numberFormatOf(currency))).toBe('1.234,50');
    expect(normalizeNumberText('', numberFormatOf(currency))).toBe('');
  });
});

describe("a '.' typed as the decimal point in a ',' field", () => {
  const money = numberFormatOf(currency);
  const decimal = numberFormatOf({ itemType: 'Decimal', decimalScale: 3 });

  it('is read as the comma when unambiguous: one point, 1 to decimalScale digits after it, no comma', () => {
    expect(parseNumber('12.5', money)).toBe(12.5);
    expect(parseNumber('12.55', money)).toBe(12.55);
    expect(parseNumber('1234.5', money)).toBe(1234.5);
    expect(parseNumber('0.125', decimal)).toBe(0.125);
    expect(normalizeNumberText('12.5', money)).toBe('12,50');
    expect(checkNumber('12.5', percent)).toBeNull();
    expect(checkNumber('150.5', percent)).toEqual({ key: 'valueInRange', minimum: '0', maximum: '100' });
  });

  it('stays a thousands separator otherwise', () => {
    expect(parseNumber('1.234', money)).toBe(1234);
    expect(parseNumber('1.234,5', money)).toBe(1234.5);
    expect(parseNumber('1.234.567', money)).toBe(1234567);
    expect(parseNumber('12.555', money)).toBe(12555);
    expect(hasDecimalPoint('1.2.3', money)).toBe(false);
    expect(hasDecimalPoint('12.5', numberFormatOf(integer))).toBe(false);
    expect(hasDecimalPoint('12.5', numberFormatOf(signed))).toBe(false); // its decimal separator is the point
  });

  it('is kept while typing, key by key, and becomes the comma on leaving the field', () => {
    let shown = '';
    for (const key of '12.5') shown = cleanNumberInput(shown + key, money, shown);
    expect(shown).toBe('12.5');
    expect(normalizeNumberText(shown, money)).toBe('12,50');
    expect(cleanNumberInput('12.567', money, '12.56')).toBe('12.56');
    expect(cleanNumberInput('12', money, '12.')).toBe('12');
  });

  it('does not take a shortened grouped number for a decimal one', () => {
    expect(cleanNumberInput('1.23', money, '1.234')).toBe('123');
    expect(cleanNumberInput('1.2345', money, '1.234')).toBe('12.345');
    expect(cleanNumberInput('1.234,5', money, '1.234,')).toBe('1.234,5');
  });

  it('keeps currency digits only, with at most two decimals', () => {
    expect(cleanNumberInput('R$ 12.5', money)).toBe('12.5');
    expect(cleanNumberInput('12.5a', money, '12.5')).toBe('12.5');
    expect(parseNumber('12.50', money)).toBe(12.5);
    expect(normalizeNumberText('0.5', money)).toBe('0,50');
  });
});

describe('numeric checks (spec section 5)', () => {
  it('asks to fill in a required empty field', () => {
    expect(checkNumber('', { ...integer, required: true })).toEqual({ key: 'fillInThisField' });
    expect(checkNumber('', integer)).toBeNull();
  });

  it('names both bounds when the value is out of range', () => {
    expect(checkNumber('150', percent)).toEqual({ key: 'valueInRange', minimum: '0', maximum: '100' });
    expect(checkNumber('100', percent)).toBeNull();
    expect(checkNumber('0,5', { ...percent, minimum: 1.5, maximum: 2 })).toEqual({
      key: 'valueInRange',
      minimum: '1,5',
      maximum: '2',
    });
  });

  it('uses the defaults -1e22 and 1e21 when the form names no bounds', () => {
    const open: NumericControl = { itemType: 'Decimal' };
    expect(checkNumber('999999999999999999999', open)).toBeNull();
    expect(checkNumber('2000000000000000000000', open)).toMatchObject({
      key: 'valueInRange',
      maximum: '1.000.000.000.000.000.000.000',
    });
  });
});
