import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

/** An item on the calendar, as getCalendarItems answers it. Dates are RFC 3339 in UTC, either may be null. */
export interface CalendarItem {
  itemId: number;
  componentId: number;
  applicationId: number;
  FormattedID: number;
  Title: string;
  start: string | null;
  finish: string | null;
  StatusName: string;
  StatusColor: string;
  componentName: string;
  projectId: number | null;
  projectName: string;
  responsibleId: number | null;
  responsibleName: string;
  canEdit: boolean;
}

/** An item type with a calendar view. */
/** What the caller recorded on one item on one day (the Agenda only). */
export interface CalendarHours {
  /** YYYY-MM-DD */
  date: string;
  minutes: number;
  itemId: number;
  componentId: number;
  applicationId: number;
  FormattedID: number;
  Title: string;
  /** The entries' descriptions, one a line. */
  description: string;
}

export interface CalendarType {
  componentId: number;
  name: string;
  viewId: number;
  applicationId: number;
  applicationName: string;
  /** The view names a finish date: its items may be resized. */
  hasFinish: boolean;
}

export interface Named {
  id: number;
  name: string;
}

export interface CalendarItems {
  events: CalendarItem[];
  /** The range holds more items than one answer carries (2,000). */
  truncated: boolean;
  /** The application has no types: the caller's items of every application (Gestão do Trabalho). */
  agenda: boolean;
  /** On the Agenda, the caller's hours per item and day in the range. */
  hours: CalendarHours[];
  hoursTruncated: boolean;
  /** Holidays in the range: the project's work calendar with a project filter, else the caller's. */
  holidays: { date: string; name: string }[];
  types: CalendarType[];
  projects: Named[];
  users: Named[];
}

/** What selects the items: the application, the visible range [from, to) and the filters (0: any). */
export interface CalendarParams {
  applicationId: number;
  from: string;
  to: string;
  projectId: number;
  componentId: number;
  responsibleId: number;
}

export const calendarKeys = {
  all: ['calendar'] as const,
  items: (p: CalendarParams) =>
    ['calendar', 'items', p.applicationId, p.from, p.to, p.projectId, p.componentId, p.responsibleId] as const,
};

export const calendarItemsQuery = (p: CalendarParams) =>
  queryOptions({
    queryKey: calendarKeys.items(p),
    queryFn: ({ signal }) => api.post<CalendarItems>('/calendar/getCalendarItems', p, { signal }),
  });

/** The new dates of an item dragged or resized: dates (YYYY-MM-DD) or RFC 3339 times. */
export interface CalendarMove {
  itemId: number;
  componentId: number;
  start: string;
  finish?: string;
}

export function moveCalendarItem(move: CalendarMove): Promise<{ Message: string; event: CalendarItem }> {
  return api.post<{ Message: string; event: CalendarItem }>('/calendar/moveCalendarItem', move);
}
