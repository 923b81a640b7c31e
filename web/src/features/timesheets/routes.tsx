import type { RouteObject } from 'react-router';
import { MyTimesheetPage } from './pages';

/** /runtime/{appID}/myTimesheet/{title}: the caller's week of hours across items (spec section 2). */
export const runtimeTimesheetRoutes: RouteObject[] = [{ path: 'myTimesheet/:title', element: <MyTimesheetPage /> }];
