import type { RouteObject } from 'react-router';
import { KanbanPage } from './pages';

/** /runtime/{appID}/kanban/{viewID}/{title}: a kanban board inside an application (spec section 2). */
export const runtimeKanbanRoutes: RouteObject[] = [{ path: 'kanban/:viewID/:title', element: <KanbanPage /> }];

/** /kanban/{viewID}/{title}: the same board at the top level, authentication required. */
export const topLevelKanbanRoutes: RouteObject[] = [{ path: 'kanban/:viewID/:title', element: <KanbanPage /> }];
