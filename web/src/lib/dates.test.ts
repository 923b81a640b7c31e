import { describe, expect, it } from 'vitest';
import { checkDateText, dateFormatOf, dateModeOf, fromStoredDate, INCOMPLETE_DATE, toStoredDate } from './dates';

describe('date chooser formats', () => {
  it('takes the format of dateTimeFormatType (spec section 9)', () => {
    expect(dateFormatOf(undefined, 0)).toBe('DD/MM/YYYY HH:mm');
    expect(dateFormatOf(undefined, 1)).toBe('DD/MM/YYYY');
    expect(dateFormatOf(undefined, 2)).toBe('HH:mm');
    expect(dateFormatOf(undefined)).toBe('DD/MM/YYYY HH:mm');
    expect(dateFormatOf('dd/MM/yyyy')).toBe('DD/MM/YYYY');
  });

  it('decides date, time or both by the format letters', () => {
    expect(dateModeOf('DD/MM/YYYY')).toBe('date');
    expect(dateModeOf('MM/YYYY')).toBe('date');
    expect(dateModeOf('HH:mm')).toBe('time');
    expect(dateModeOf('DD/MM/YYYY HH:mm')).toBe('dateTime');
  });

  it('reads the formats spec section 5 lists: 99/9999, 9999, 99:99', () => {
    expect(checkDateText('05/2026', 'MM/YYYY')).toMatchObject({ ok: true, parts: { month: 5, year: 2026 } });
    expect(checkDateText('2026', 'YYYY')).toMatchObject({ ok: true, parts: { year: 2026 } });
    expect(checkDateText('17:30', 'HH:mm')).toMatchObject({ ok: true, parts: { hour: 17, minute: 30 } });
    expect(checkDateText('1730', 'HH:mm')).toMatchObject({ key: 'incorrectDate' });
    expect(checkDateText('05.01.2026', 'DD/MM/YYYY')).toMatchObject({ key: 'incorrectDate' });
  });
});

describe('date checks (spec section 5)', () => {
  it('asks to fill in a required empty date', () => {
    expect(checkDateText('', 'DD/MM/YYYY', true)).toEqual({ ok: false, key: 'fillInThisField' });
    expect(checkDateText('', 'DD/MM/YYYY')).toEqual({ ok: true, parts: null });
  });

  it('calls an incomplete or impossible date incorrect', () => {
    expect(checkDateText('05/01', 'DD/MM/YYYY')).toMatchObject({ key: 'incorrectDate' });
    expect(checkDateText('31/02/2025', 'DD/MM/YYYY')).toMatchObject({ key: 'incorrectDate' });
    expect(checkDateText('29/02/2024', 'DD/MM/YYYY')).toMatchObject({ ok: true });
    expect(checkDateText('29/02/2023', 'DD/MM/YYYY')).toMatchObject({ key: 'incorrectDate' });
    expect(checkDateText('24:00', 'HH:mm')).toMatchObject({ key: 'incorrectDate' });
    // What a date input holds while its sections are unfinished.
    expect(checkDateText(INCOMPLETE_DATE, 'DD/MM/YYYY', true)).toMatchObject({ key: 'incorrectDate' });
    expect(checkDateText(INCOMPLETE_DATE, 'HH:mm')).toMatchObject({ key: 'incorrectDate' });
  });

  it('keeps years between 1753 and 9999', () => {
    expect(checkDateText('31/12/1752', 'DD/MM/YYYY')).toMatchObject({ key: 'enterValidValueDate' });
    expect(checkDateText('01/01/1753', 'DD/MM/YYYY')).toMatchObject({ ok: true });
    expect(checkDateText('31/12/9999', 'DD/MM/YYYY')).toMatchObject({ ok: true });
    expect(checkDateText('01/1600', 'MM/YYYY')).toMatchObject({ key: 'enterValidValueDate' });
  });
});

describe('stored dates', () => {
  it('saves a date alone as YYYY-MM-DD and shows it as stored (UTC midnight)', () => {
    const check = checkDateText('05/01/2026', 'DD/MM/YYYY');
    if (!check.ok || !check.parts) throw new Error('expected a date');
    expect(toStoredDate(check.parts, 'date')).toBe('2026-01-05');
    expect(fromStoredDate('2026-01-05T00:00:00Z', 'DD/MM/YYYY')).toBe('05/01/2026');
  });

  it('round-trips a date and time through the browser time', () => {
    const check = checkDateText('05/01/2026 14:45', 'DD/MM/YYYY HH:mm');
    if (!check.ok || !check.parts) throw new Error('expected a moment');
    expect(fromStoredDate(toStoredDate(check.parts, 'dateTime'), 'DD/MM/YYYY HH:mm')).toBe('05/01/2026 14:45');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(fromStoredDate(null, 'DD/MM/YYYY')).toBe('');
    expect(fromStoredDate('not a date', 'DD/MM/YYYY')).toBe('');
  });
});
