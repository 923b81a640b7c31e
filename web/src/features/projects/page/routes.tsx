import type { RouteObject } from 'react-router';
import { ProjectPage } from './pages';

/** /runtime/{appID}/project/{projectId}/{title}: a project's page (spec section 2), a child of /runtime/{appID}. */
export const runtimeProjectPageRoutes: RouteObject[] = [
  { path: 'project/:projectId/:title?', element: <ProjectPage /> },
];
