import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { currentLanguage } from '../../i18n';
import type { AdditionalValues, CodeOption, FieldDefinition, Holiday, Option, WorkPeriod } from '../admin';

// The resource calls of spec section 7 (docs/resources.md): getResources takes a filter, the form
// reads and saves a whole resource, the projects and pending lists are read-only.

export type Kind = '' | 'user' | 'resource';

/** getResources' body: text fields are "contains"; active null is both. */
export interface ResourceFilter {
  name: string;
  companyName: string;
  kind: Kind;
  active: boolean | null;
}

export const NO_FILTER: ResourceFilter = { name: '', companyName: '', kind: '', active: null };

/** A line of getResources. `userId` null is a named resource; weeklyMinutes is its calendar's week. */
export interface ResourceRow {
  id: number;
  name: string;
  userId: number | null;
  email: string;
  login: string;
  companyName: string;
  active: boolean;
  avatar: string;
  weeklyMinutes: number;
  costRate: number | null;
}

/** A stretch of an exception's day. */
export interface Period {
  start: string;
  end: string;
}

/** A date worked differently from its weekday: periods empty for a day off. */
export interface CalendarException {
  date: string;
  name: string;
  periods: Period[];
}

export interface ResourceCalendar {
  workPeriods: WorkPeriod[];
  holidays?: Holiday[];
  exceptions?: CalendarException[];
}

export interface ResourceForm {
  id: number;
  name: string;
  userId: number | null;
  companyId: number | null;
  active: boolean;
  timesheetType: string;
  autoTimesheetType: string;
  calendar: ResourceCalendar;
  costRate: number | null;
  additionalFields: AdditionalValues;
}

export interface ResourceFormInitialData {
  companies: Option[];
  users: Option[];
  timesheetTypes: CodeOption[];
  autoTimesheetTypes: CodeOption[];
  additionalFields: FieldDefinition[];
}

export interface ResourceProject {
  id: number;
  name: string;
}

export interface PendingItem {
  id: number;
  formattedId: string;
  title: string;
  componentId: number;
  component: string;
  projectId: number | null;
  statusName: string;
  modifiedAt: string;
}

export type Work = 'items' | 'tasks';

export const resourceKeys = {
  all: ['resources'] as const,
  lists: () => [...resourceKeys.all, 'list'] as const,
  list: (filter: ResourceFilter) => [...resourceKeys.lists(), filter] as const,
  form: (id: number) => [...resourceKeys.all, 'form', id] as const,
  initial: (id: number) => [...resourceKeys.all, 'initial', id, currentLanguage()] as const,
  projects: (id: number) => [...resourceKeys.all, 'projects', id] as const,
  pending: (id: number, projectId: number, work: Work) =>
    [...resourceKeys.all, 'pending', id, projectId, work, currentLanguage()] as const,
};

/** The filter as getResources takes it: empty texts and "both" left out. */
export function filterBody(filter: ResourceFilter): Partial<ResourceFilter> {
  const body: Partial<ResourceFilter> = {};
  if (filter.name.trim()) body.name = filter.name.trim();
  if (filter.companyName.trim()) body.companyName = filter.companyName.trim();
  if (filter.kind) body.kind = filter.kind;
  if (filter.active !== null) body.active = filter.active;
  return body;
}

export const resourcesQuery = (filter: ResourceFilter) =>
  queryOptions({
    queryKey: resourceKeys.list(filter),
    queryFn: ({ signal }) => api.post<ResourceRow[]>('/resource/getResources', filterBody(filter), { signal }),
  });

export const resourceFormQuery = (id: number) =>
  queryOptions({
    queryKey: resourceKeys.form(id),
    queryFn: ({ signal }) => api.get<ResourceForm>(`/resource/getResourcetoEdit?resourceId=${id}`, { signal }),
  });

export const initialDataQuery = (id: number) =>
  queryOptions({
    queryKey: resourceKeys.initial(id),
    queryFn: ({ signal }) =>
      api.get<ResourceFormInitialData>(`/resource/getResourceFormInitialData?resourceId=${id}`, { signal }),
  });

export const projectsQuery = (id: number) =>
  queryOptions({
    queryKey: resourceKeys.projects(id),
    queryFn: ({ signal }) => api.get<ResourceProject[]>(`/resource/getProjects?resourceId=${id}`, { signal }),
  });

export const pendingQuery = (id: number, projectId: number, work: Work) =>
  queryOptions({
    queryKey: resourceKeys.pending(id, projectId, work),
    queryFn: ({ signal }) =>
      api.get<PendingItem[]>(
        `/resource/${work === 'items' ? 'getPendingItems' : 'getPendingTasks'}?resourceId=${id}&projectId=${projectId}`,
        { signal },
      ),
  });

export const saveResource = (form: ResourceForm) => api.post<ResourceForm>('/resource/saveResource', form);

export const deleteResources = (ids: number[]) => api.post<{ deleted: number }>('/resource/deleteResources', { ids });
