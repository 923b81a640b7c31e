import type { ProjectSchedule, ScheduledTask } from './api';
import { daysOf, dropped, isDayOff, linkTypeOf, parseLinkId, toGantt } from './gantt';

const task = (over: Partial<ScheduledTask>): ScheduledTask => ({
  id: 1,
  FormattedID: 11,
  Title: 'Projetar',
  responsible: 'Ana Souza',
  parentId: 0,
  outline: '1',
  level: 1,
  summary: false,
  milestone: false,
  start: '2025-03-03',
  finish: '2025-03-07',
  lateStart: '2025-03-03',
  lateFinish: '2025-03-07',
  atDayEnd: false,
  duration: 5,
  progress: 40.4,
  totalFloat: 0,
  freeFloat: 0,
  critical: true,
  ...over,
});

const schedule = (tasks: ScheduledTask[]): ProjectSchedule => ({
  projectId: 7,
  projectName: 'Transformação Digital',
  viewId: 3,
  componentId: 5,
  start: '2025-03-03',
  finish: '2025-03-14',
  minutesPerDay: 480,
  calendar: { workDays: [1, 2, 3, 4, 5], holidays: [{ date: '2025-03-04', name: 'Carnaval' }] },
  tasks,
  links: [
    { predecessorId: 2, successorId: 3, type: 'SS', lag: 2, float: 0, critical: true },
    { predecessorId: 3, successorId: 4, type: 'FF', lag: 0, float: 1, critical: false },
  ],
  warnings: [],
  canEdit: true,
  canImport: true,
  hasProgress: true,
});

describe('toGantt', () => {
  const plan = schedule([
    task({ id: 1, summary: true, outline: '1' }),
    task({ id: 2, parentId: 1, outline: '1.1', level: 2, start: '2025-03-03', finish: '2025-03-05' }),
    task({ id: 3, parentId: 1, outline: '1.2', level: 2, start: '2025-03-05', finish: '2025-03-07', critical: false }),
    task({ id: 4, parentId: 99, milestone: true, atDayEnd: true, start: '2025-03-07', finish: '2025-03-07' }),
  ]);

  it('ends a bar at the start of the day after its last working day', () => {
    const { tasks } = toGantt(plan, new Set());
    const second = tasks[1]!;
    expect(second.start).toEqual(new Date(2025, 2, 3));
    expect(second.end).toEqual(new Date(2025, 2, 6));
    expect(second.parent).toBe(1);
    expect(second.progress).toBe(40);
  });

  it('draws phases as summaries and a milestone after a finish at the end of its day', () => {
    const { tasks } = toGantt(plan, new Set([1]));
    expect(tasks[0]).toMatchObject({ type: 'summary', open: false });
    expect(tasks[3]).toMatchObject({ type: 'milestone', progress: 0, parent: 0 });
    expect(tasks[3]!.start).toEqual(new Date(2025, 2, 8));
    expect(tasks[3]!.end).toEqual(tasks[3]!.start);
  });

  it('turns links into SVAR links named by both items', () => {
    const { links } = toGantt(plan, new Set());
    expect(links).toEqual([
      { id: '2-3', source: 2, target: 3, type: 's2s' },
      { id: '3-4', source: 3, target: 4, type: 'e2e' },
    ]);
    expect(parseLinkId('2-3')).toEqual([2, 3]);
    expect(parseLinkId('x')).toBeNull();
  });
});

describe('edits back to days', () => {
  it('reads a drawn link type, finish to start by default', () => {
    expect(linkTypeOf('e2s')).toBe('FS');
    expect(linkTypeOf('s2e')).toBe('SF');
    expect(linkTypeOf(undefined)).toBe('FS');
  });

  it('gives the last working day as the finish, and one day to a milestone', () => {
    expect(daysOf(new Date(2025, 2, 4), new Date(2025, 2, 7), false)).toEqual({
      start: '2025-03-04',
      finish: '2025-03-06',
    });
    expect(daysOf(new Date(2025, 2, 4), new Date(2025, 2, 4), false)).toEqual({
      start: '2025-03-04',
      finish: '2025-03-04',
    });
    expect(daysOf(new Date(2025, 2, 4), undefined, true)).toEqual({ start: '2025-03-04', finish: '2025-03-04' });
  });

  it('moves the sides a drop names by its cells', () => {
    const before = { start: new Date(2025, 2, 3), end: new Date(2025, 2, 6) };
    expect(dropped(before, { start: before.start, end: before.end }, 2, 'day')).toEqual({
      start: new Date(2025, 2, 5),
      end: new Date(2025, 2, 8),
    });
    expect(dropped(before, { end: before.end }, 1, 'week')).toEqual({
      start: before.start,
      end: new Date(2025, 2, 13),
    });
    expect(dropped(before, { start: before.start }, -1, 'month')).toEqual({
      start: new Date(2025, 1, 3),
      end: before.end,
    });
  });

  it('shades the days outside the work week', () => {
    const week = { workDays: [1, 2, 3, 4, 5], holidays: [{ date: '2025-03-04', name: 'Carnaval' }] };
    expect(isDayOff(new Date(2025, 2, 8), week)).toBe(true);
    expect(isDayOff(new Date(2025, 2, 7), week)).toBe(false);
    expect(isDayOff(new Date(2025, 2, 4), week)).toBe(true);
    expect(isDayOff(new Date(2025, 2, 8), { ...week, workDays: [1, 2, 3, 4, 5, 6] })).toBe(false);
  });
});
