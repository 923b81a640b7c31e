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
  /** An entry has start and end, or is submitted or approved: the grid does not write it. */
  readOnly: boolean;
  /** The review state asking for action first ('' for an empty cell). */
  state: EntryState | '';
  /** A rejected entry's reason and who rejected it. */
  reviewNote: string;
  reviewer: string;
  /** Every entry of the cell was made by autoTimesheetType. */
  automatic: boolean;
}

export type EntryState = 'draft' | 'submitted' | 'approved' | 'rejected';

/** The week's entries by state; state 'open' has drafts or rejected entries to submit. */
export interface WeekReview {
  state: 'empty' | 'open' | 'submitted' | 'approved';
  draft: number;
  submitted: number;
  approved: number;
  rejected: number;
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
  review: WeekReview;
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

/** Sends the caller's draft and rejected entries of the week for approval. */
export const submitMyWeek = (weekStart: string) => api.post<Week>(`${base}/submitMyWeek`, { weekStart });

// Team timesheets and approval (docs/timesheets.md, "Approval and team timesheets").

export interface TeamFilter {
  from: string;
  to: string;
  /** 0: every project the caller manages. */
  projectId: number;
  /** 0: everybody. */
  userId: number;
  state: EntryState | '';
}

export interface TeamEntry {
  id: number;
  userId: number;
  userName: string;
  itemId: number;
  componentId: number;
  componentName: string;
  FormattedID: number;
  Title: string;
  projectId: number;
  projectName: string;
  date: string;
  minutes: number;
  start: string | null;
  end: string | null;
  description: string;
  state: EntryState;
  submittedAt: string | null;
  reviewer: string;
  reviewedAt: string | null;
  reviewNote: string;
}

export interface Choice {
  id: number;
  name: string;
}

export interface Team {
  from: string;
  to: string;
  entries: TeamEntry[];
  count: number;
  totalMinutes: number;
  truncated: boolean;
  states: { state: EntryState; count: number; minutes: number }[];
  projects: Choice[];
  people: Choice[];
  canReview: boolean;
}

export interface ReviewResult {
  count: number;
  people: number;
}

export const teamKeys = {
  all: ['timesheets', 'team'] as const,
  list: (filter: TeamFilter) => [...teamKeys.all, filter] as const,
};

export function teamQuery(filter: TeamFilter) {
  return queryOptions({
    queryKey: teamKeys.list(filter),
    queryFn: ({ signal }) => api.post<Team>(`${base}/getTeamTimesheets`, filter, { signal }),
  });
}

export const approveTimeEntries = (ids: number[]) => api.post<ReviewResult>(`${base}/approveTimeEntries`, { ids });

export const rejectTimeEntries = (ids: number[], reason: string) =>
  api.post<ReviewResult>(`${base}/rejectTimeEntries`, { ids, reason });

/** The team list as filtered, as an Excel workbook. */
export const exportTeamTimesheets = (filter: TeamFilter) =>
  api.post<Blob>(`${base}/exportTeamTimesheets`, filter, { responseType: 'blob' });
