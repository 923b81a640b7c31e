import type { RouteObject } from 'react-router';
import { ProjectsPage } from './pages';

/**
 * /runtime/{appID}/projects/{title}: the projects list, a route of our own (the spec names none), a
 * child of /runtime/{appID}. The project page, /project/{projectId}/{title}, is the spec's.
 */
export const runtimeProjectsRoutes: RouteObject[] = [{ path: 'projects/:title?', element: <ProjectsPage /> }];
