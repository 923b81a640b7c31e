import { describe, expect, it } from 'vitest';
import {
  datePattern,
  formatCurrency,
  formatDate,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatPercent,
  formatValue,
  truncate,
} from './valueFormat';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const yesNo = { yes: 'Sim', no: 'Não' };

describe('numbers (spec section 9)', () => {
  it('truncates instead of rounding', () => {
    expect(truncate(1.239, 2)).toBe(1.23);
    expect(truncate(-1.239, 2)).toBe(-1.23);
    expect(truncate(1.005, 2)).toBe(1);
    expect(truncate(2.675, 2)).toBe(2.67);
  });

  it('shows money as Brazilian real with two decimals', () => {
    expect(nbsp(formatCurrency(1234.567, 'pt-BR'))).toBe('R$ 1.234,56');
    expect(nbsp(formatCurrency('-10', 'pt-BR'))).toBe('-R$ 10,00');
    expect(formatCurrency(1234.5, 'en')).toMatch(/^R\$\s?1,234\.50$/);
    expect(formatCurrency(null, 'pt-BR')).toBe('');
  });

  it('shows percent and duration with two decimals, integers with none', () => {
    expect(formatPercent(12.349, 'pt-BR')).toBe('12,34%');
    expect(formatDuration(2.25, 'pt-BR')).toBe('2,25 hrs');
    expect(formatDecimal(1000, 'pt-BR')).toBe('1.000,00');
    expect(formatInteger(1234.9, 'pt-BR')).toBe('1.234');
    expect(formatInteger('abc', 'pt-BR')).toBe('');
  });
});

describe('dates by dateTimeFormatType', () => {
  it('has the spec patterns', () => {
    expect(datePattern(0)).toBe('DD/MM/YYYY HH:mm');
    expect(datePattern(1)).toBe('DD/MM/YYYY');
    expect(datePattern(2)).toBe('HH:mm');
    expect(datePattern(3, 'dd-MM-yyyy')).toBe('DD-MM-YYYY');
    expect(datePattern(9)).toBe('DD/MM/YYYY HH:mm');
  });

  it('reads date-only values in UTC, so the day never moves', () => {
    expect(formatDate('2025-03-01T00:00:00Z', 1)).toBe('01/03/2025');
  });

  it('shows instants in the local zone', () => {
    const instant = new Date(2025, 0, 10, 14, 5);
    expect(formatDate(instant.toISOString(), 0)).toBe('10/01/2025 14:05');
    expect(formatDate(instant.toISOString(), 2)).toBe('14:05');
    expect(formatDate(instant, 3, 'yyyy.MM.dd')).toBe('2025.01.10');
    expect(formatDate('not a date', 0)).toBe('');
  });
});

describe('formatValue', () => {
  const column = (type: string, field = 'x') => ({ field, type, dateTimeFormatType: 0 });

  it('shows booleans as Sim/Não, an empty boolean as Não', () => {
    expect(formatValue(true, column('BOOLEAN'), 'pt-BR', yesNo)).toBe('Sim');
    expect(formatValue(false, column('BOOLEAN'), 'pt-BR', yesNo)).toBe('Não');
    expect(formatValue(null, column('BOOLEAN'), 'pt-BR', yesNo)).toBe('Não');
  });

  it('shows FormattedID and Position as they are', () => {
    expect(formatValue(12345, column('INTEGER', 'FormattedID'), 'pt-BR', yesNo)).toBe('12345');
    expect(formatValue('1.2.3', column('STRING', 'Position'), 'pt-BR', yesNo)).toBe('1.2.3');
  });

  it('formats by attribute type', () => {
    expect(nbsp(formatValue(10, column('CURRENCY'), 'pt-BR', yesNo))).toBe('R$ 10,00');
    expect(formatValue(50, column('PERCENTILE'), 'pt-BR', yesNo)).toBe('50,00%');
    expect(formatValue(1.5, column('DURATION'), 'pt-BR', yesNo)).toBe('1,50 hrs');
    expect(formatValue('texto', column('STRING'), 'pt-BR', yesNo)).toBe('texto');
    expect(formatValue({ a: 1 }, column('STRING'), 'pt-BR', yesNo)).toBe('');
  });
});
