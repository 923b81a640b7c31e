import type { RouteObject } from 'react-router';
import { RepositoriesPage, RepositoryPage } from './pages';

/** The spec's repositories (the list) and repository (one project's) runtime routes. */
export const runtimeRepositoryRoutes: RouteObject[] = [
  { path: 'repositories/:title', element: <RepositoriesPage /> },
  { path: 'repository/:projectId/:fileForm/:folderForm/:title', element: <RepositoryPage /> },
];
