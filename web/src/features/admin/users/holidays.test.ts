import { describe, expect, it } from 'vitest';
import { easter, holidayProblem, nationalHolidays, withNational } from './holidays';

describe('holidays', () => {
  it('finds Easter as the published tables do', () => {
    expect(easter(2024)).toEqual([3, 31]);
    expect(easter(2025)).toEqual([4, 20]);
    expect(easter(2026)).toEqual([4, 5]);
    expect(easter(2027)).toEqual([3, 28]);
    expect(easter(2038)).toEqual([4, 25]);
  });

  it("lists Brazil's national holidays of a year in date order", () => {
    expect(nationalHolidays(2026)).toEqual([
      { date: '2026-01-01', key: 'newYear' },
      { date: '2026-04-03', key: 'goodFriday' },
      { date: '2026-04-21', key: 'tiradentes' },
      { date: '2026-05-01', key: 'labour' },
      { date: '2026-09-07', key: 'independence' },
      { date: '2026-10-12', key: 'aparecida' },
      { date: '2026-11-02', key: 'allSouls' },
      { date: '2026-11-15', key: 'republic' },
      { date: '2026-11-20', key: 'blackConsciousness' },
      { date: '2026-12-25', key: 'christmas' },
    ]);
    // Zumbi's day is national from 2024 only.
    expect(nationalHolidays(2023).map((h) => h.key)).not.toContain('blackConsciousness');
  });

  it('adds only the national holidays a calendar lacks', () => {
    const mine = [{ date: '2026-04-21', name: 'Tiradentes (mantido)' }];
    const out = withNational(mine, [
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-04-21', name: 'Tiradentes' },
    ]);
    expect(out).toEqual([
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-04-21', name: 'Tiradentes (mantido)' },
    ]);
  });

  it('names what is wrong with a holiday', () => {
    const all = [
      { date: '2026-04-21', name: 'A' },
      { date: '2026-04-21', name: 'B' },
    ];
    expect(holidayProblem(all[0]!, all)).toBe('twice');
    expect(holidayProblem({ date: '', name: 'X' }, [])).toBe('date');
    expect(holidayProblem({ date: '2026-05-01', name: ' ' }, [])).toBe('name');
    expect(holidayProblem({ date: '2026-05-01', name: 'Trabalho' }, [])).toBeUndefined();
  });
});
