import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../api/client';
import { formKeys } from '../../api';

// The calls of the project controls (api/openapi.yaml; docs/projects.md and docs/forms.md, "Project controls").

export interface Named {
  id: number;
  name: string;
}

/** A project as loadProject answers it; dates YYYY-MM-DD ('' none), ids 0 when not set. */
export interface Project {
  id: number;
  name: string;
  code: string;
  description: string;
  startDate: string;
  finishDate: string;
  status: 'active' | 'archived';
  managerId: number;
  managerName: string;
  calendarId: number;
  calendarName: string;
  /** The caller may change it: a panel administrator or a manager of the project. */
  canEdit: boolean;
  /** The project-scoped types it allows; none: every one. */
  itemTypes: Named[];
}

/** What updateProject changes: only the fields given ('' clears a text or a date, 0 the calendar). */
export type ProjectChange = Partial<{
  name: string;
  code: string;
  managerId: number;
  startDate: string;
  finishDate: string;
  description: string;
  calendarId: number;
  itemTypeIds: number[];
}>;

/** YYYY-MM-DD as DD/MM/YYYY; '' stays ''. */
export const showDate = (iso: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** DD/MM/YYYY as YYYY-MM-DD; '' stays ''. */
export const isoDate = (text: string) => (text ? `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}` : '');

export interface Permissions {
  projectId: number;
  projectName: string;
  readOnly: boolean;
  users: { id: number; name: string; login: string; role: Role }[];
  groups: { id: number; name: string; role: Role }[];
}

export type Role = 'manager' | 'member' | 'read_only';

export interface WorkPeriod {
  /** 0 Sunday to 6 Saturday. */
  weekDay: number;
  /** HH:MM */
  start: string;
  end: string;
}

export interface WorkflowStatus {
  id: number;
  key: string;
  name: string;
  color: string;
  initial: boolean;
  final: boolean;
}

export interface WorkflowAction {
  key: string;
  name: string;
  from: string[];
  to: string;
}

export interface TypeWorkflow {
  componentId: number;
  name: string;
  statuses: WorkflowStatus[];
  actions: WorkflowAction[];
}

export interface ItemTypeChoice {
  id: number;
  key: string;
  name: string;
  applicationID: number;
}

export const projectKeys = {
  all: [...formKeys.all, 'project'] as const,
  project: (projectId: number) => [...projectKeys.all, projectId] as const,
  permissions: (projectId: number) => [...projectKeys.project(projectId), 'permissions'] as const,
  workflows: (projectId: number) => [...projectKeys.project(projectId), 'workflows'] as const,
  calendar: (calendarId: number) => [...projectKeys.all, 'calendar', calendarId] as const,
  itemTypes: () => [...projectKeys.all, 'itemTypes'] as const,
};

export function projectQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.project(projectId),
    queryFn: ({ signal }) => api.post<Project>('/project/loadProject', { projectId }, { signal }),
  });
}

export const updateProject = (projectId: number, change: ProjectChange) =>
  api.post<Project>('/project/updateProject', { projectId, ...change });

export function permissionsQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.permissions(projectId),
    queryFn: ({ signal }) => api.post<Permissions>('/genericItem/loadProjectPermissions', { projectId }, { signal }),
  });
}

export function workflowsQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.workflows(projectId),
    queryFn: ({ signal }) =>
      api.post<{ projectId: number; types: TypeWorkflow[] }>(
        '/genericItem/loadProjectWorkflows',
        { projectId },
        { signal },
      ),
  });
}

/** A work calendar's week: the calendar is a resource's (getResourcetoEdit, readable by every signed-in user). */
export function calendarQuery(calendarId: number) {
  return queryOptions({
    queryKey: projectKeys.calendar(calendarId),
    queryFn: async ({ signal }) => {
      const resource = await api.get<{ name: string; calendar: { workPeriods: WorkPeriod[] } }>(
        '/resource/getResourcetoEdit',
        { query: { resourceId: calendarId }, signal },
      );
      return resource.calendar.workPeriods ?? [];
    },
    enabled: calendarId > 0,
    staleTime: 60_000,
  });
}

/** Every project-scoped type the caller may read: what a project may allow. */
export function itemTypeChoicesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: projectKeys.itemTypes(),
    queryFn: ({ signal }) => api.get<ItemTypeChoice[]>('/genericItem/getAllowedsProjectItemTypes', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
