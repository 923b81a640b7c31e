import type { RouteObject } from 'react-router';
import { CloseMonthPage, MyTimesheetPage } from './pages';

/** /runtime/{appID}/myTimesheet/{title}: the caller's week of hours across items (spec section 2);
 * /runtime/{appID}/closeMonthList/{title}: month closing. */
export const runtimeTimesheetRoutes: RouteObject[] = [
  { path: 'myTimesheet/:title', element: <MyTimesheetPage /> },
  { path: 'closeMonthList/:title', element: <CloseMonthPage /> },
];
