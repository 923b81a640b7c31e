import type { RouteObject } from 'react-router';
import { EditItemPage, InsertItemPage } from './pages';

const formRoutes: RouteObject[] = [
  { path: 'insertItem/:componentID/:projectId/:form', element: <InsertItemPage /> },
  { path: 'editItem/:componentID/:itemID/:form', element: <EditItemPage /> },
];

/**
 * The item form pages inside an application (spec section 2:
 * insertItem/{componentID}/{projectId}/{form} and editItem/{componentID}/{itemID}/{form}),
 * children of /runtime/{appID}. Each page is its own lazy chunk.
 */
export const runtimeFormRoutes: RouteObject[] = formRoutes;

/** The same pages at the top level (/insertItem/..., /editItem/...), authentication required. */
export const topLevelFormRoutes: RouteObject[] = formRoutes;
