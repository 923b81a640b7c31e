import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** loadProject's answer (docs/projects.md, "The calls"). Dates are YYYY-MM-DD, '' when not set. */
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
  canEdit: boolean;
  itemTypes: { id: number; name: string }[];
}

export interface StatusCount {
  /** 0: the items without a status. */
  id: number;
  key: string;
  name: string;
  color: string;
  final: boolean;
  count: number;
}

export interface TypeCount {
  id: number;
  key: string;
  name: string;
  icon: string;
  applicationId: number;
  /** The type's first kanban board; 0: none. */
  kanbanViewId: number;
  total: number;
  open: number;
  statuses: StatusCount[];
}

export interface ActivityEntry {
  itemId: number;
  componentId: number;
  componentName: string;
  formattedId: number;
  title: string;
  /** The version's id. */
  id: number;
  version: number;
  operation: string;
  operationName: string;
  modifiedAt: string;
  modifierName: string;
  /** The labels of the fields the version changed. */
  changed: string[];
}

/** projectSummary's answer: the project's items the caller may read. */
export interface ProjectSummary {
  projectId: number;
  total: number;
  open: number;
  done: number;
  /** Share (0–100) of the items in a final status; null when no type has one. */
  progress: number | null;
  types: TypeCount[];
  activity: ActivityEntry[];
}

export interface WbsItem {
  id: number;
  formattedId: number;
  title: string;
  componentId: number;
  componentName: string;
  statusId: number;
  statusName: string;
  statusColor: string;
  final: boolean;
  /** 0: a root. */
  parentId: number;
  /** 1.2.3 */
  outline: string;
  level: number;
  children: number;
}

/** getAllActivitiesToEAP's answer: the items in tree order. */
export interface Wbs {
  projectId: number;
  items: WbsItem[];
  truncated: boolean;
}

export interface ProjectPermissions {
  projectId: number;
  projectName: string;
  readOnly: boolean;
  users: { id: number; name: string; login: string; role: Role }[];
  groups: { id: number; name: string; role: Role }[];
}

export type Role = 'manager' | 'member' | 'read_only';

export const projectPageKeys = {
  all: (projectId: number) => ['projectPage', projectId] as const,
  project: (projectId: number) => ['projectPage', projectId, 'project'] as const,
  summary: (projectId: number) => ['projectPage', projectId, 'summary'] as const,
  wbs: (projectId: number) => ['projectPage', projectId, 'wbs'] as const,
  members: (projectId: number) => ['projectPage', projectId, 'members'] as const,
};

export const projectQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectPageKeys.project(projectId),
    queryFn: ({ signal }) => api.post<Project>('/project/loadProject', { projectId }, { signal }),
  });

export const summaryQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectPageKeys.summary(projectId),
    queryFn: ({ signal }) => api.post<ProjectSummary>('/project/projectSummary', { projectId }, { signal }),
  });

export const wbsQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectPageKeys.wbs(projectId),
    queryFn: ({ signal }) => api.post<Wbs>('/genericItem/getAllActivitiesToEAP', { projectId }, { signal }),
  });

export const membersQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectPageKeys.members(projectId),
    queryFn: ({ signal }) =>
      api.post<ProjectPermissions>('/genericItem/loadProjectPermissions', { projectId }, { signal }),
  });
