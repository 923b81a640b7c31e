import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { formKeys } from '../api';

// The calls of the timesheets control (api/openapi.yaml; docs/items.md, "Timesheets control").
const base = '/genericItem';

export interface TimeEntry {
  id: number;
  userId: number;
  userName: string;
  /** YYYY-MM-DD */
  date: string;
  minutes: number;
  /** HH:MM, for users whose timesheet type records start and end (2). */
  start: string | null;
  end: string | null;
  description: string;
  createdAt: string;
  modifiedAt: string;
  /** The caller may change it; canDelete: delete it (a user who records no hours still deletes their own). */
  canEdit: boolean;
  canDelete: boolean;
  /** Why the entry cannot change: its owner's month is closed ("" while open). */
  closed: string;
  /** The review state (docs/timesheets.md): submitted and approved entries are read-only. */
  state: 'draft' | 'submitted' | 'approved' | 'rejected';
  /** A rejection's reason. */
  reviewNote: string;
  /** Made by the owner's autoTimesheetType; a change by hand clears it. */
  automatic: boolean;
}

export interface Timesheets {
  entries: TimeEntry[];
  count: number;
  totalMinutes: number;
  canRecord: boolean;
  cannotRecord: string;
  /** '0' records no hours, '1' hours per day, '2' start and end (docs/admin.md). */
  timesheetType: string;
  /** The caller's closed months (YYYY-MM) and why their days take no entry. */
  closedMonths: { month: string; reason: string }[];
}

export interface TimeEntryChange {
  id: number;
  date: string;
  minutes?: number;
  start?: string;
  end?: string;
  description: string;
}

export const timesheetKeys = {
  item: (itemId: number) => [...formKeys.all, 'timesheets', itemId] as const,
};

export function timesheetsQuery(itemId: number, componentId: number) {
  return queryOptions({
    queryKey: timesheetKeys.item(itemId),
    queryFn: ({ signal }) =>
      api.post<Timesheets>(`${base}/loadTimesheetsFormData`, { itemId, componentId }, { signal }),
    enabled: itemId > 0,
  });
}

export const saveTimeEntry = (itemId: number, componentId: number, change: TimeEntryChange) =>
  api.post<Timesheets>(`${base}/saveTimeEntry`, { itemId, componentId, ...change });

export const deleteTimeEntry = (itemId: number, componentId: number, id: number) =>
  api.post<Timesheets>(`${base}/deleteTimeEntry`, { itemId, componentId, id });

/** Minutes as H:MM (90 is 1:30). */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes as decimal hours with two decimals, truncated, as spec section 9 shows a duration (1,50 hrs). */
export function formatDecimalHours(minutes: number, decimalSeparator: string): string {
  const hundredths = Math.floor((minutes * 100) / 60);
  return `${Math.floor(hundredths / 100)}${decimalSeparator}${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * Reads hours as a person types them: H:MM ("1:30"), or decimal hours with a comma or a dot
 * ("1,5", "1.5", "2"). Null when the text is neither.
 */
export function parseHours(text: string): number | null {
  const value = text.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const decimal = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(value);
  if (decimal) return Math.round((Number(decimal[1]) + Number(`0.${decimal[2] ?? '0'}`)) * 60);
  return null;
}

/** Reads a time of day, HH:MM or H:MM (00:00 to 23:59), as minutes since midnight. */
export function parseClock(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
