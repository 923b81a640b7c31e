import type { RouteObject } from 'react-router';
import { ResourcesPage } from './pages';

/** /runtime/{appID}/resourcesList/{title}: people and named resources (spec section 2). */
export const runtimeResourcesRoutes: RouteObject[] = [{ path: 'resourcesList/:title', element: <ResourcesPage /> }];
