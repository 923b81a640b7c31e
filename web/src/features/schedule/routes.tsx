import type { RouteObject } from 'react-router';
import { SchedulePage } from './pages';

/** /runtime/{appID}/schedule/{viewID}/{title}: a project's schedule (Gantt) inside an application (spec section 2). */
export const runtimeScheduleRoutes: RouteObject[] = [{ path: 'schedule/:viewID/:title', element: <SchedulePage /> }];
