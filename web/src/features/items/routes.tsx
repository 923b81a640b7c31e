import type { RouteObject } from 'react-router';
import { ItemListPage } from './pages';

/**
 * The item pages inside an application (spec section 2, runtime paths such as
 * list/{componentID}/{form}/{query}/{view}/{title}), children of /runtime/{appID}.
 * Each page is its own lazy chunk.
 */
export const runtimeItemRoutes: RouteObject[] = [
  { path: 'list/:componentID/:form/:query/:view/:title', element: <ItemListPage /> },
  { path: 'listProject/:componentID/:projectID/:title', element: <ItemListPage /> },
];

/** The item pages reached outside an application (top-level /insertItem, /editItem, ...). */
export const topLevelItemRoutes: RouteObject[] = [];
