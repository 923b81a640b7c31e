import { describe, expect, it } from 'vitest';
import {
  costRateText,
  exceptionProblem,
  formatCostRate,
  formatHours,
  nextExceptionPeriod,
  parseCostRate,
  weeklyMinutes,
} from './calendar';

describe('the resource calendar helpers', () => {
  it('counts a week of periods as the list does, leaving out what is not a period', () => {
    const week = [
      { weekDay: 1, start: '08:00', end: '12:00' },
      { weekDay: 1, start: '13:00', end: '17:30' },
      { weekDay: 2, start: '10:00', end: '09:00' },
      { weekDay: 3, start: '8', end: '12:00' },
    ];
    expect(weeklyMinutes(week)).toBe(510);
    expect(formatHours(510, 'pt-BR')).toBe('8,5');
    expect(formatHours(2400, 'en')).toBe('40');
  });

  it('reads a cost per hour with a comma or a point and at most two decimals', () => {
    expect(parseCostRate('')).toBeNull();
    expect(parseCostRate(' 85,5 ')).toBe(85.5);
    expect(parseCostRate('120.25')).toBe(120.25);
    expect(parseCostRate('10,005')).toBeUndefined();
    expect(parseCostRate('-3')).toBeUndefined();
    expect(parseCostRate('1.234,50')).toBeUndefined();
    expect(costRateText(85.5, 'pt-BR')).toBe('85,50');
    expect(costRateText(85.5, 'en')).toBe('85.50');
    expect(costRateText(null, 'en')).toBe('');
    expect(formatCostRate(1234.5, 'pt-BR')).toBe('1.234,50');
  });

  it('finds what the server would refuse in an exception', () => {
    const holidays = [{ date: '2026-12-25', name: 'Natal' }];
    const off = { date: '2026-12-24', name: '', periods: [] };
    expect(exceptionProblem(off, [off], holidays)).toBeUndefined();
    expect(exceptionProblem({ ...off, date: '' }, [off], holidays)).toBe('date');
    expect(exceptionProblem(off, [off, off], holidays)).toBe('twice');
    expect(exceptionProblem({ ...off, date: '2026-12-25' }, [off], holidays)).toBe('holiday');
    const overlap = {
      ...off,
      periods: [
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ],
    };
    expect(exceptionProblem(overlap, [overlap], holidays)).toBe('periods');
    const backwards = { ...off, periods: [{ start: '12:00', end: '08:00' }] };
    expect(exceptionProblem(backwards, [backwards], holidays)).toBe('periods');
  });

  it('offers the next period of an exception after the last one', () => {
    expect(nextExceptionPeriod([])).toEqual({ start: '08:00', end: '12:00' });
    expect(nextExceptionPeriod([{ start: '08:00', end: '12:00' }])).toEqual({ start: '13:00', end: '17:00' });
    expect(nextExceptionPeriod([{ start: '18:00', end: '22:30' }])).toBeUndefined();
  });
});
