import { describe, expect, it } from 'vitest';
import { addressDate, readParams, shownDate, writeParams } from './params';

describe('the report page address', () => {
  it('reads the runtime route from its path and the parameters from the query', () => {
    const p = readParams({ appID: '3', reportID: '7' }, new URLSearchParams('from=2026-01-01&project=4&status=x'));
    expect(p).toEqual({ reportID: 7, appID: 3, from: '2026-01-01', to: '', project: 4, status: 0, responsible: 0 });
  });

  it('reads /report and /General/ReportPanel.aspx from the query alone', () => {
    const p = readParams({}, new URLSearchParams('reportID=9&appID=2&to=2026-12-31&responsible=5'));
    expect(p).toMatchObject({ reportID: 9, appID: 2, to: '2026-12-31', responsible: 5 });
  });

  it('drops what is not a date or a positive id', () => {
    const p = readParams({ reportID: 'abc' }, new URLSearchParams('from=31/12/2026&project=-1'));
    expect(p).toMatchObject({ reportID: 0, from: '', project: 0 });
  });

  it('writes the filled parameters, keeps the other query parameters and removes emptied ones', () => {
    const next = writeParams(new URLSearchParams('reportID=9&status=2&lang=en'), {
      from: '2026-01-01',
      to: '',
      project: 4,
      status: 0,
      responsible: 0,
    });
    expect(next.toString()).toBe('reportID=9&lang=en&from=2026-01-01&project=4');
  });
});

describe('the form dates', () => {
  it('shows an address date as DD/MM/YYYY and reads it back', () => {
    expect(shownDate('2026-03-10')).toBe('10/03/2026');
    expect(addressDate('10/03/2026')).toBe('2026-03-10');
    expect(addressDate('')).toBe('');
    expect(addressDate('31/02/2026')).toBeUndefined();
    expect(addressDate('incomplete')).toBeUndefined();
  });
});
