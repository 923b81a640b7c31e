import { describe, expect, it } from 'vitest';
import { businessWeek, nextPeriodOf, periodProblem, periodsByDay } from './workCalendar';

describe('the work calendar', () => {
  it('fills a business week: Monday to Friday, two periods a day', () => {
    const week = businessWeek();
    expect(week).toHaveLength(10);
    expect(new Set(week.map((p) => p.weekDay))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('groups periods by week day keeping their index (the server names errors by index)', () => {
    const days = periodsByDay([
      { weekDay: 2, start: '08:00', end: '12:00' },
      { weekDay: 1, start: '08:00', end: '12:00' },
      { weekDay: 2, start: '13:00', end: '17:00' },
    ]);
    expect(days.get(2)!.map((e) => e.index)).toEqual([0, 2]);
    expect(days.get(1)!.map((e) => e.index)).toEqual([1]);
    expect(days.get(0)).toEqual([]);
  });

  it('adds a period after the day’s last one', () => {
    expect(nextPeriodOf([], 3)).toEqual({ weekDay: 3, start: '08:00', end: '12:00' });
    expect(nextPeriodOf([{ weekDay: 3, start: '08:00', end: '12:00' }], 3)).toEqual({
      weekDay: 3,
      start: '13:00',
      end: '17:00',
    });
    expect(nextPeriodOf([{ weekDay: 3, start: '18:00', end: '21:30' }], 3)).toEqual({
      weekDay: 3,
      start: '22:30',
      end: '23:59',
    });
    expect(nextPeriodOf([{ weekDay: 3, start: '20:00', end: '23:00' }], 3)).toBeUndefined();
  });

  it('finds periods that are not HH:mm or end before they start', () => {
    expect(periodProblem({ weekDay: 1, start: '08:00', end: '12:00' })).toBeUndefined();
    expect(periodProblem({ weekDay: 1, start: '8:0', end: '12:00' })).toBe('time');
    expect(periodProblem({ weekDay: 1, start: '12:00', end: '12:00' })).toBe('order');
  });
});
