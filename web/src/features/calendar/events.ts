import type { EventInput } from '@fullcalendar/core';
import type { CalendarHours, CalendarItem, CalendarMove, CalendarType } from './api';

const DAY = 24 * 60 * 60 * 1000;

/** Whether a stored time is a date: date attributes are stored at midnight UTC. */
export const isDate = (iso: string) => /T00:00:00(\.0+)?Z$/.test(iso);

/** The UTC calendar day of a stored time, YYYY-MM-DD. */
export const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** A YYYY-MM-DD day moved by days. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A Date's local calendar day, YYYY-MM-DD: FullCalendar places all-day events at local midnight. */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The id of an event on the calendar: item ids are unique, the type keeps it readable. */
export const eventId = (item: CalendarItem) => `${item.componentId}:${item.itemId}`;

export interface EventLook {
  /** The colour of an item without a status colour. */
  fallbackColor: string;
  /** The text colour readable on a background. */
  textOn: (background: string) => string;
}

/**
 * An item as FullCalendar shows it. Items whose dates are days (midnight UTC) are all-day events
 * from the start day to the finish day, inclusive (FullCalendar's end is exclusive: the day after);
 * an item with a time of day is a timed event at that instant. An item with one date stands on it.
 */
export function toCalendarEvent(item: CalendarItem, type: CalendarType | undefined, look: EventLook): EventInput {
  const first = item.start ?? item.finish ?? '';
  const last = item.finish ?? item.start ?? first;
  const allDay = isDate(first) && isDate(last);
  const color = item.StatusColor || look.fallbackColor;
  let start: string;
  let end: string | undefined;
  if (allDay) {
    start = utcDay(first);
    const lastDay = utcDay(last) < start ? start : utcDay(last);
    end = addDays(lastDay, 1);
  } else {
    start = first;
    end = item.finish && item.start && item.finish > item.start ? item.finish : undefined;
  }
  return {
    id: eventId(item),
    title: `#${item.FormattedID} ${item.Title}`,
    start,
    end,
    allDay,
    backgroundColor: color,
    borderColor: color,
    textColor: look.textOn(color),
    editable: item.canEdit,
    startEditable: item.canEdit,
    // Only a view with a finish date can change an item's length; an item without a start has none.
    durationEditable: item.canEdit && !!type?.hasFinish && item.start !== null,
    extendedProps: { item },
  };
}

/** Where an event now is, as FullCalendar says after a drop or a resize. */
export interface Placed {
  start: Date | null;
  end: Date | null;
  allDay: boolean;
}

/**
 * The moveCalendarItem body of an event dropped or resized: days for all-day events (the finish the
 * day before FullCalendar's exclusive end), instants for timed ones. The finish is sent only when
 * the view has one and the item had one, or the event now has an end.
 */
export function toMove(item: CalendarItem, type: CalendarType | undefined, placed: Placed): CalendarMove | null {
  if (!placed.start) return null;
  const move: CalendarMove = { itemId: item.itemId, componentId: item.componentId, start: '' };
  const hasFinish = !!type?.hasFinish;
  if (placed.allDay) {
    move.start = localDay(placed.start);
    if (hasFinish && (item.finish !== null || placed.end)) {
      move.finish = placed.end ? addDays(localDay(placed.end), -1) : move.start;
      if (move.finish < move.start) move.finish = move.start;
    }
  } else {
    move.start = placed.start.toISOString();
    if (hasFinish && placed.end) move.finish = placed.end.toISOString();
  }
  return move;
}

/** The days or times an item stands on, in words of the language: "03/03 a 07/03". */
export function spanText(
  item: CalendarItem,
  language: string,
  words: { range: (from: string, to: string) => string },
): string {
  const first = item.start ?? item.finish;
  const last = item.finish ?? item.start;
  if (!first || !last) return '';
  const allDay = isDate(first) && isDate(last);
  const format = allDay
    ? new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' })
    : new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
  const from = format.format(new Date(first));
  const to = format.format(new Date(last));
  return from === to ? from : words.range(from, to);
}

/** Minutes as the timesheets write hours: 1:30. */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Hours the caller recorded on an item on a day, as an all-day event on that day: "1:30 · #12
 * Fundação", in the hours' colours, never dragged (hours are changed in the timesheet).
 */
export function toHoursEvent(
  hours: CalendarHours,
  colors: { background: string; text: string; border: string },
): EventInput {
  return {
    id: `hours:${hours.itemId}:${hours.date}`,
    title: `${hoursText(hours.minutes)} · #${hours.FormattedID} ${hours.Title}`,
    start: hours.date,
    end: addDays(hours.date, 1),
    allDay: true,
    backgroundColor: colors.background,
    borderColor: colors.border,
    textColor: colors.text,
    editable: false,
    startEditable: false,
    durationEditable: false,
    extendedProps: { hours },
  };
}
