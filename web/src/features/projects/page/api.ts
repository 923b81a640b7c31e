import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';

// The page's own calls (docs/projects.md, "The project page"). The project and its members come from
// the feature's projectQuery and permissionsQuery (../api), the cache the dialogs update on a save.

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

export const projectPageKeys = {
  all: (projectId: number) => ['projectPage', projectId] as const,
  summary: (projectId: number) => ['projectPage', projectId, 'summary'] as const,
  wbs: (projectId: number) => ['projectPage', projectId, 'wbs'] as const,
};

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
