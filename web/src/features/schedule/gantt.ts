import type { ILink, ITask } from '@svar-ui/react-gantt';
import type { KeyboardEvent } from 'react';
import type { LinkType, ProjectSchedule, ScheduledTask, WorkCalendar } from './api';

// The server's schedule as SVAR Gantt data, and SVAR's edits back as days. The Gantt draws what the
// server computed (dates, critical path, floats); it never schedules on its own.

/** A YYYY-MM-DD day as local midnight, how the Gantt's scale counts days. */
export function dayToDate(day: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** A local date as its YYYY-MM-DD day. */
export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDays(date: Date, n: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);
}

/** A task as the Gantt holds it, with what the grid and the bar's name need of the server's task. */
export interface GanttTask extends ITask {
  id: number;
  text: string;
  start: Date;
  end: Date;
  type: 'task' | 'summary' | 'milestone';
  parent: number;
  /** Only a phase is opened or closed: SVAR walks the children of an open task. */
  open?: boolean;
  progress: number;
  source: ScheduledTask;
}

type TLinkType = ILink['type'];

const LINK_TYPES: Record<LinkType, TLinkType> = { FS: 'e2s', SS: 's2s', FF: 'e2e', SF: 's2e' };

/** The dependency type of a link the user drew from one bar's side to another's. */
export function linkTypeOf(type: TLinkType | undefined): LinkType {
  const found = (Object.keys(LINK_TYPES) as LinkType[]).find((k) => LINK_TYPES[k] === type);
  return found ?? 'FS';
}

/** The link's id in the Gantt: predecessor and successor, so a deleted link names both items. */
export const linkId = (predecessorId: number, successorId: number) => `${predecessorId}-${successorId}`;

export function parseLinkId(id: string | number): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(String(id));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Tasks and links for the Gantt. A bar ends at the start of the day after its finish (the server's
 * finish is the last working day); a milestone after a finish sits at the end of its day.
 * `open` keeps what the user collapsed.
 */
export function toGantt(
  schedule: ProjectSchedule,
  collapsed: ReadonlySet<number>,
): { tasks: GanttTask[]; links: ILink[] } {
  const ids = new Set(schedule.tasks.map((t) => t.id));
  const tasks = schedule.tasks.map((t): GanttTask => {
    const start = dayToDate(t.start);
    const type = t.summary ? 'summary' : t.milestone ? 'milestone' : 'task';
    const at = type === 'milestone' && t.atDayEnd ? addDays(start, 1) : start;
    return {
      id: t.id,
      text: t.Title,
      start: at,
      end: type === 'milestone' ? at : addDays(dayToDate(t.finish), 1),
      duration: type === 'milestone' ? 0 : undefined,
      type,
      parent: ids.has(t.parentId) ? t.parentId : 0,
      ...(type === 'summary' ? { open: !collapsed.has(t.id) } : {}),
      progress: type === 'milestone' ? 0 : Math.round(t.progress),
      source: t,
    };
  });
  const links = schedule.links.map((l): ILink => ({
    id: linkId(l.predecessorId, l.successorId),
    source: l.predecessorId,
    target: l.successorId,
    type: LINK_TYPES[l.type],
  }));
  return { tasks, links };
}

/** Length units of the Gantt's cells a drag moves by (the zoom's lengthUnit). */
export type DragUnit = 'day' | 'week' | 'month' | 'quarter';

/** date moved by n cells of unit. */
export function addUnits(date: Date, n: number, unit: DragUnit): Date {
  if (unit === 'month' || unit === 'quarter')
    return new Date(date.getFullYear(), date.getMonth() + (unit === 'quarter' ? 3 * n : n), date.getDate());
  return addDays(date, unit === 'week' ? n * 7 : n);
}

/**
 * Where SVAR's drop puts a bar: its update-task names the sides that moved (both for a move, one for
 * a resize) with their dates before the drag, and `diff`, the cells moved.
 */
export function dropped(
  before: { start: Date; end: Date },
  moved: { start?: Date; end?: Date },
  diff: number,
  unit: DragUnit,
): { start: Date; end: Date } {
  return {
    start: moved.start ? addUnits(moved.start, diff, unit) : before.start,
    end: moved.end ? addUnits(moved.end, diff, unit) : before.end,
  };
}

/**
 * The days a bar was dragged or resized to: SVAR's end is exclusive, the server's finish is the last
 * day of work; a milestone keeps one day.
 */
export function daysOf(start: Date, end: Date | undefined, milestone: boolean): { start: string; finish: string } {
  const from = dateToDay(start);
  if (milestone || !end) return { start: from, finish: from };
  const last = addDays(end, -1);
  return { start: from, finish: last < start ? from : dateToDay(last) };
}

/** A day off of the project's calendar (a weekday without work, 0 Sunday, or a holiday): the scale shades it. */
export function isDayOff(date: Date, calendar: WorkCalendar): boolean {
  return !calendar.workDays.includes(date.getDay()) || calendar.holidays.some((h) => h.date === dateToDay(date));
}

/**
 * The parent indent gives a task (MS Project's "Aumentar recuo"): the task above it at its own level,
 * in work breakdown order; null when there is none (the first of its siblings).
 */
export function indentParent(tasks: readonly ScheduledTask[], id: number): number | null {
  const at = tasks.findIndex((t) => t.id === id);
  if (at < 0) return null;
  const task = tasks[at]!;
  for (let i = at - 1; i >= 0; i--) {
    const above = tasks[i]!;
    if (above.parentId === task.parentId && above.level === task.level) return above.id;
    if (above.level < task.level) return null;
  }
  return null;
}

/** The parent outdent gives a task: its summary's own parent (0, the top); null at the top already. */
export function outdentParent(tasks: readonly ScheduledTask[], id: number): number | null {
  const task = tasks.find((t) => t.id === id);
  const parent = task && tasks.find((t) => t.id === task.parentId);
  return parent ? parent.parentId : null;
}

export type OutlineMove = 'indent' | 'outdent';

/** The new summary task of a move of task (0: the top), or null when the move is not possible. */
export function outlineParent(tasks: readonly ScheduledTask[], task: ScheduledTask | null, move: OutlineMove) {
  if (!task) return null;
  return move === 'indent' ? indentParent(tasks, task.id) : outdentParent(tasks, task.id);
}

/** MS Project's keys: Alt+Shift+→ indents, Alt+Shift+← outdents. */
export function outlineKey(e: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'key'>) {
  if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return null;
  if (e.key === 'ArrowRight') return 'indent';
  if (e.key === 'ArrowLeft') return 'outdent';
  return null;
}

/** The predecessors' own bound: ten years of lag or lead. */
export const MAX_LAG = 3650;

/** A whole number of days within ±MAX_LAG (a minus sign typed as − too), else null. */
export function parseLag(text: string): number | null {
  const s = text.trim().replace('−', '-');
  if (!/^[-+]?\d+$/.test(s)) return null;
  const n = Number(s);
  return Math.abs(n) <= MAX_LAG ? n : null;
}
