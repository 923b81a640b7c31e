import { describe, expect, it } from 'vitest';
import type { WeekRow } from './api';
import { addDays, cellKey, cellText, changesOf, dayLoad, emptyRow, isDay, readCell, sundayOf, totalsOf } from './week';

const dates = ['2025-05-25', '2025-05-26', '2025-05-27', '2025-05-28', '2025-05-29', '2025-05-30', '2025-05-31'];

function row(itemId: number, minutes: number[]): WeekRow {
  const r = emptyRow(
    { itemId, componentId: 1, componentName: 'Tarefa', FormattedID: itemId, Title: `Item ${itemId}`, projectName: '' },
    dates,
  );
  minutes.forEach((m, i) => {
    const cell = r.cells[i];
    if (cell) cell.minutes = m;
  });
  return r;
}

describe('week dates', () => {
  it.each([
    ['2025-05-25', '2025-05-25'],
    ['2025-05-28', '2025-05-25'],
    ['2025-05-31', '2025-05-25'],
    ['2025-06-01', '2025-06-01'],
    ['2026-01-01', '2025-12-28'],
  ])('the week of %s starts on Sunday %s', (day, sunday) => {
    expect(sundayOf(day)).toBe(sunday);
  });

  it('moves by days across months and years', () => {
    expect(addDays('2025-12-28', 7)).toBe('2026-01-04');
    expect(addDays('2025-03-02', -7)).toBe('2025-02-23');
  });

  it('knows a real day', () => {
    expect(isDay('2025-02-28')).toBe(true);
    expect(isDay('2025-02-30')).toBe(false);
    expect(isDay('28/02/2025')).toBe(false);
  });
});

describe('cell text', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['1:30', 90],
    ['1,5', 90],
    ['1.5', 90],
    ['8', 480],
    ['0:45', 45],
    ['24', 1440],
    ['24:01', null],
    ['25', null],
    ['-1', null],
    ['abc', null],
    ['1:75', null],
  ])('%j is %j minutes', (text, minutes) => {
    expect(readCell(text)).toBe(minutes);
  });

  it('shows minutes as H:MM and 0 as nothing', () => {
    expect(cellText(90)).toBe('1:30');
    expect(cellText(600)).toBe('10:00');
    expect(cellText(0)).toBe('');
  });
});

describe('totals and changes', () => {
  const rows = [row(1, [0, 60, 90, 0, 0, 0, 0]), row(2, [0, 480, 0, 0, 0, 0, 0])];

  it('sums rows, days and the week as typed, an unreadable cell counting what is saved', () => {
    const drafts = {
      [cellKey(1, '2025-05-27')]: { text: '2', description: '' },
      [cellKey(2, '2025-05-26')]: { text: 'oops', description: '' },
    };
    expect(totalsOf(rows, 7, drafts)).toEqual({ rows: [180, 480], days: [0, 540, 120, 0, 0, 0, 0], week: 660 });
  });

  it('sends only the cells that differ and names the unreadable ones', () => {
    const drafts = {
      [cellKey(1, '2025-05-26')]: { text: '1:00', description: '' },
      [cellKey(1, '2025-05-27')]: { text: '', description: '' },
      [cellKey(2, '2025-05-26')]: { text: '8', description: ' Reunião ' },
      [cellKey(2, '2025-05-27')]: { text: '99', description: '' },
    };
    expect(changesOf(rows, drafts)).toEqual({
      cells: [
        { itemId: 1, date: '2025-05-27', minutes: 0, description: '' },
        { itemId: 2, date: '2025-05-26', minutes: 480, description: 'Reunião' },
      ],
      invalid: [cellKey(2, '2025-05-27')],
    });
  });

  it('weighs a day against its capacity', () => {
    expect(dayLoad(540, 480)).toBe('over');
    expect(dayLoad(480, 480)).toBe('full');
    expect(dayLoad(120, 480)).toBe('under');
    expect(dayLoad(0, 0)).toBe('free');
    expect(dayLoad(60, 0)).toBe('over');
  });
});
