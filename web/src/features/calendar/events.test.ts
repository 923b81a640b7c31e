import { describe, expect, it } from 'vitest';
import type { CalendarItem, CalendarType } from './api';
import { addDays, hoursText, spanText, toCalendarEvent, toHoursEvent, toMove } from './events';

const item = (extra: Partial<CalendarItem> = {}): CalendarItem => ({
  itemId: 7,
  componentId: 3,
  applicationId: 2,
  FormattedID: 12,
  Title: 'Fundação',
  start: '2026-03-03T00:00:00Z',
  finish: '2026-03-07T00:00:00Z',
  StatusName: 'A fazer',
  StatusColor: '#90A4AE',
  componentName: 'Tarefa',
  projectId: 1,
  projectName: 'Obra',
  responsibleId: 5,
  responsibleName: 'Ana',
  canEdit: true,
  ...extra,
});

const task: CalendarType = {
  componentId: 3,
  name: 'Tarefa',
  viewId: 9,
  applicationId: 2,
  applicationName: 'Projetos',
  hasFinish: true,
};
const milestone: CalendarType = { ...task, componentId: 4, hasFinish: false };
const look = { fallbackColor: '#1976d2', textOn: (c: string) => (c === '#90A4AE' ? '#000' : '#fff') };

describe('toCalendarEvent', () => {
  it('shows an item with day dates as an all-day event to the day after its finish', () => {
    expect(toCalendarEvent(item(), task, look)).toMatchObject({
      id: '3:7',
      title: '#12 Fundação',
      start: '2026-03-03',
      end: '2026-03-08',
      allDay: true,
      backgroundColor: '#90A4AE',
      textColor: '#000',
      editable: true,
      durationEditable: true,
    });
  });

  it('stands an item with one date on that day, and without a status colour takes the theme’s', () => {
    const e = toCalendarEvent(item({ start: null, StatusColor: '' }), task, look);
    expect(e).toMatchObject({ start: '2026-03-07', end: '2026-03-08', allDay: true, backgroundColor: '#1976d2' });
    // Without a start there is no length to change.
    expect(e.durationEditable).toBe(false);
  });

  it('shows a time of day as a timed event, and a read-only item cannot be dragged', () => {
    const e = toCalendarEvent(item({ start: '2026-03-20T15:00:00Z', finish: null, canEdit: false }), milestone, look);
    expect(e).toMatchObject({ start: '2026-03-20T15:00:00Z', end: undefined, allDay: false, editable: false });
    expect(e.durationEditable).toBe(false);
  });

  it('never ends an event before it starts', () => {
    expect(toCalendarEvent(item({ finish: '2026-03-01T00:00:00Z' }), task, look)).toMatchObject({
      start: '2026-03-03',
      end: '2026-03-04',
    });
  });
});

describe('toMove', () => {
  it('sends the days of an all-day event, the finish the day before FullCalendar’s end', () => {
    const placed = { start: new Date(2026, 2, 10), end: new Date(2026, 2, 15), allDay: true };
    expect(toMove(item(), task, placed)).toEqual({
      itemId: 7,
      componentId: 3,
      start: '2026-03-10',
      finish: '2026-03-14',
    });
  });

  it('sends no finish for a view without one, and the instant of a timed event', () => {
    const at = new Date(Date.UTC(2026, 2, 21, 12, 30));
    expect(toMove(item({ finish: null }), milestone, { start: at, end: null, allDay: false })).toEqual({
      itemId: 7,
      componentId: 3,
      start: '2026-03-21T12:30:00.000Z',
    });
  });

  it('keeps a one-day item one day long when FullCalendar gives no end', () => {
    const placed = { start: new Date(2026, 2, 10), end: null, allDay: true };
    expect(toMove(item(), task, placed)).toMatchObject({ start: '2026-03-10', finish: '2026-03-10' });
  });

  it('sends nothing without a start', () => {
    expect(toMove(item(), task, { start: null, end: null, allDay: true })).toBeNull();
  });
});

describe('spanText', () => {
  const words = { range: (from: string, to: string) => `${from} a ${to}` };
  it('says the days in the language', () => {
    expect(spanText(item(), 'pt-BR', words)).toBe('03/03 a 07/03');
    expect(spanText(item(), 'en', { range: (f, t) => `${f} to ${t}` })).toBe('03/03 to 03/07');
  });

  it('says one day once', () => {
    expect(spanText(item({ finish: null }), 'pt-BR', words)).toBe('03/03');
  });
});

it('addDays crosses months', () => {
  expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
});

describe('toHoursEvent', () => {
  it('shows the hours of an item on a day as a fixed all-day event that names them', () => {
    const hours = {
      date: '2026-03-04',
      minutes: 90,
      itemId: 7,
      componentId: 3,
      applicationId: 2,
      FormattedID: 12,
      Title: 'Fundação',
      description: 'Reunião',
    };
    const colors = { background: '#eee', text: '#000', border: '#9c27b0' };
    expect(toHoursEvent(hours, colors)).toMatchObject({
      id: 'hours:7:2026-03-04',
      title: '1:30 · #12 Fundação',
      start: '2026-03-04',
      end: '2026-03-05',
      allDay: true,
      editable: false,
      durationEditable: false,
      backgroundColor: '#eee',
      extendedProps: { hours },
    });
  });

  it('writes minutes as the timesheets do', () => {
    expect([hoursText(0), hoursText(5), hoursText(90), hoursText(1440)]).toEqual(['0:00', '0:05', '1:30', '24:00']);
  });
});
