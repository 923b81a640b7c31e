import { describe, expect, it } from 'vitest';
import { formatDate, maskDate, maskTime, parseDate, validTime } from './masks';

describe('date and time masks', () => {
  it('formats digits as DD/MM/YYYY and HH:mm while typing', () => {
    expect(maskDate('2')).toBe('2');
    expect(maskDate('251')).toBe('25/1');
    expect(maskDate('25122026')).toBe('25/12/2026');
    expect(maskDate('25/12/20261')).toBe('25/12/2026');
    expect(maskTime('8')).toBe('8');
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('08:305')).toBe('08:30');
  });

  it('parses real dates between 1753 and 9999 only', () => {
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate('29/02/2023')).toBeUndefined();
    expect(parseDate('31/04/2026')).toBeUndefined();
    expect(parseDate('01/01/1752')).toBeUndefined();
    expect(parseDate('01/13/2026')).toBeUndefined();
    expect(parseDate('1/1/2026')).toBeUndefined();
  });

  it('shows ISO dates as DD/MM/YYYY', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate('2026-11-23T10:00:00Z')).toBe('23/11/2026');
    expect(formatDate('')).toBe('');
  });

  it('accepts times from 00:00 to 23:59', () => {
    expect(validTime('00:00')).toBe(true);
    expect(validTime('23:59')).toBe(true);
    expect(validTime('24:00')).toBe(false);
    expect(validTime('8:00')).toBe(false);
  });
});
