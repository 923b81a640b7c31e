/**
 * The projects feature's public entry: the dialogs another screen opens (the project page's "Editar
 * projeto" and "Membros") and the project page's address. Everything else under features/projects/
 * is the feature's own.
 */
export type { Permissions, Project, ProjectRow, Role } from './api';
export { projectKeys, projectQuery } from './api';
export { projectPath, projectsPath } from './paths';
export { ProjectDialog } from './ProjectDialog';
export { ProjectMembersDialog } from './ProjectMembersDialog';
export { useArchiveProject } from './useArchiveProject';
export { useProjectDialogs } from './useProjectDialogs';
