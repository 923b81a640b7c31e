import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

// The calls of My timesheet (api/openapi.yaml; docs/timesheets.md, "My timesheet").
const base = '/timesheets';

export interface WeekDay {
  /** YYYY-MM-DD */
  date: string;
  /** From the caller's work calendar; 8 hours Monday to Friday without one. */
  capacityMinutes: number;
  /** The caller's month of this day is closed: nothing on it changes. */
  closed: boolean;
  /** Why, in the caller's language ("" when open). */
  closedReason: string;
}

export interface WeekCell {
  date: string;
  minutes: number;
  entryIds: number[];
  /** The entries' descriptions, one a line. */
  description: string;
  /** An entry has start and end: the grid does not write it. */
  readOnly: boolean;
}

export interface WeekRow {
  itemId: number;
  componentId: number;
  /** The item's type: numbers repeat across types. */
  componentName: string;
  FormattedID: number;
  Title: string;
  projectName: string;
  /** The caller may change the item, so record hours on it. */
  canRecord: boolean;
  cells: WeekCell[];
}

export interface Week {
  /** The Sunday. */
  weekStart: string;
  days: WeekDay[];
  rows: WeekRow[];
  totals: { days: number[]; week: number };
  canRecord: boolean;
  cannotRecord: string;
  timesheetType: string;
}

export interface CellChange {
  itemId: number;
  date: string;
  minutes: number;
  description: string;
}

export interface ItemChoice {
  itemId: number;
  componentId: number;
  componentName: string;
  FormattedID: number;
  Title: string;
  projectName: string;
}

export const weekKeys = {
  all: ['timesheets', 'week'] as const,
  week: (weekStart: string) => [...weekKeys.all, weekStart] as const,
  find: (query: string) => ['timesheets', 'findMyItems', query] as const,
};

export function weekQuery(weekStart: string) {
  return queryOptions({
    queryKey: weekKeys.week(weekStart),
    queryFn: ({ signal }) => api.post<Week>(`${base}/getMyWeek`, { weekStart }, { signal }),
  });
}

export function findItemsQuery(query: string) {
  return queryOptions({
    queryKey: weekKeys.find(query),
    queryFn: ({ signal }) => api.post<ItemChoice[]>(`${base}/findMyItems`, { query }, { signal }),
    enabled: query.trim() !== '',
    staleTime: 30_000,
  });
}

export const saveMyWeek = (weekStart: string, cells: CellChange[]) =>
  api.post<Week>(`${base}/saveMyWeek`, { weekStart, cells });

/** The week with the week before's items among its rows, without their hours. */
export const copyLastWeek = (weekStart: string) => api.post<Week>(`${base}/copyLastWeek`, { weekStart });
