import type { RouteObject } from 'react-router';
import { ListRoute } from './list/ListRoute';

/**
 * The item pages inside an application (spec section 2, runtime paths such as
 * list/{componentID}/{form}/{query}/{view}/{title}), children of /runtime/{appID}.
 * Each page is its own lazy chunk; the list's route asks for its data while that chunk loads.
 */
export const runtimeItemRoutes: RouteObject[] = [
  { path: 'list/:componentID/:form/:query/:view/:title', element: <ListRoute /> },
  { path: 'listProject/:componentID/:projectID/:title', element: <ListRoute /> },
];

/** The item pages reached outside an application (top-level /insertItem, /editItem, ...). */
export const topLevelItemRoutes: RouteObject[] = [];
