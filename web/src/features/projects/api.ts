import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { projectPageKeys } from './page/api';

// The project calls (docs/projects.md, "The calls"): the module's own under /project, the
// permissions under /genericItem as the spec names them. Dates travel as YYYY-MM-DD, '' for none.

export type ProjectStatus = 'active' | 'archived';
export type StatusFilter = ProjectStatus | 'all';
export type Role = 'manager' | 'member' | 'read_only';
export const ROLES: readonly Role[] = ['manager', 'member', 'read_only'];

export interface Named {
  id: number;
  name: string;
}

/** A line of listProjects. `members` counts users with a role of their own, `groups` groups with one. */
export interface ProjectRow {
  id: number;
  name: string;
  code: string;
  managerId: number;
  managerName: string;
  startDate: string;
  finishDate: string;
  status: ProjectStatus;
  members: number;
  groups: number;
  /** The caller may edit and archive it (an administrator, or a manager by own role or a group's). */
  canEdit: boolean;
}

/** loadProject's answer; `canEdit`: the caller may edit and archive it. */
export interface Project {
  id: number;
  name: string;
  code: string;
  description: string;
  startDate: string;
  finishDate: string;
  status: ProjectStatus;
  managerId: number;
  managerName: string;
  calendarId: number;
  calendarName: string;
  createdBy: number;
  createdAt: string;
  modifiedAt: string;
  canEdit: boolean;
  itemTypes: Named[];
}

/** saveProject's body: the whole project (an absent field is cleared; managerId 0 keeps the one shown). */
export interface ProjectInput {
  id: number;
  name: string;
  code: string;
  managerId: number;
  startDate: string;
  finishDate: string;
  description: string;
  calendarId: number;
  itemTypeIds: number[];
}

export interface UserRole {
  id: number;
  name: string;
  login: string;
  role: Role;
}

export interface GroupRole {
  id: number;
  name: string;
  role: Role;
}

/** loadProjectPermissions' answer; `readOnly`: the caller may not change them. */
export interface Permissions {
  projectId: number;
  projectName: string;
  readOnly: boolean;
  users: UserRole[];
  groups: GroupRole[];
}

/** A project-scoped item type (getAllowedsProjectItemTypes). */
export interface ItemType {
  id: number;
  key: string;
  name: string;
  applicationID: number;
}

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (status: StatusFilter, text: string) => [...projectKeys.lists(), status, text] as const,
  project: (id: number) => [...projectKeys.all, 'project', id] as const,
  permissions: (id: number) => [...projectKeys.all, 'permissions', id] as const,
  itemTypes: () => [...projectKeys.all, 'itemTypes', currentLanguage()] as const,
};

export const projectsQuery = (status: StatusFilter, text: string) =>
  queryOptions({
    queryKey: projectKeys.list(status, text),
    queryFn: ({ signal }) =>
      api.post<ProjectRow[]>('/project/listProjects', { status, text: text || undefined }, { signal }),
  });

export const projectQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.project(projectId),
    queryFn: ({ signal }) => api.post<Project>('/project/loadProject', { projectId }, { signal }),
  });

export const permissionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.permissions(projectId),
    queryFn: ({ signal }) => api.post<Permissions>('/genericItem/loadProjectPermissions', { projectId }, { signal }),
  });

/** Every project-scoped type the caller may read: what a project may be limited to. */
export const itemTypesQuery = () =>
  queryOptions({
    queryKey: projectKeys.itemTypes(),
    queryFn: ({ signal }) => api.get<ItemType[]>('/genericItem/getAllowedsProjectItemTypes', { signal }),
    staleTime: 60_000,
  });

export const saveProject = (input: ProjectInput) => api.post<Project>('/project/saveProject', input);

export const archiveProject = (projectId: number, archived: boolean) =>
  api.post<Project & { openItems: number }>('/project/archiveProject', { projectId, archived });

export const saveProjectPermissions = (input: {
  projectId: number;
  users: { id: number; role: Role }[];
  groups: { id: number; role: Role }[];
}) => api.post<Permissions>('/genericItem/saveProjectPermissions', input);

/** After a project's save or archiving: the lists show it, its permissions may hold a new manager. */
export function projectSaved(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(projectKeys.project(project.id), project);
  void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: projectKeys.permissions(project.id) });
  void queryClient.invalidateQueries({ queryKey: projectPageKeys.all(project.id) });
}

/** After a permissions' save: the lists count the members, the project may show another manager. */
export function permissionsSaved(queryClient: QueryClient, permissions: Permissions) {
  queryClient.setQueryData(projectKeys.permissions(permissions.projectId), permissions);
  void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: projectKeys.project(permissions.projectId) });
  void queryClient.invalidateQueries({ queryKey: projectPageKeys.all(permissions.projectId) });
}
