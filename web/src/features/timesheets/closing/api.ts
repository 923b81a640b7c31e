import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../api/client';

// The calls of month closing (api/openapi.yaml; docs/timesheets.md, "Month closing").
const base = '/timesheets';

export interface MonthPerson {
  userId: number;
  name: string;
  companyId: number | null;
  companyName: string;
  loggedMinutes: number;
  /** The month's working days in the person's work calendar, holidays excepted. */
  expectedMinutes: number;
  /** Entries of the month waiting for approval: the month cannot close while any wait. */
  pendingApprovals: number;
  closed: boolean;
  closedBy: string;
  closedAt: string | null;
}

export interface MonthClosing {
  /** YYYY-MM */
  month: string;
  people: MonthPerson[];
  totals: { loggedMinutes: number; expectedMinutes: number; pendingApprovals: number; closed: number; people: number };
  companies: { id: number; name: string }[];
}

export interface MonthFilter {
  month: string;
  companyId: number;
  name: string;
  state: '' | 'open' | 'closed';
}

export const closingKeys = {
  all: ['timesheets', 'closing'] as const,
  list: (filter: MonthFilter) => [...closingKeys.all, filter] as const,
};

export function monthClosingQuery(filter: MonthFilter) {
  return queryOptions({
    queryKey: closingKeys.list(filter),
    queryFn: ({ signal }) => api.post<MonthClosing>(`${base}/getMonthClosing`, filter, { signal }),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
  });
}

export const closeMonth = (month: string, userIds: number[]) =>
  api.post<{ month: string; changed: number }>(`${base}/closeMonth`, { month, userIds });

export const reopenMonth = (month: string, userId: number, reason: string) =>
  api.post<{ month: string; changed: number }>(`${base}/reopenMonth`, { month, userId, reason });
