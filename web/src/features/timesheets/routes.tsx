import type { RouteObject } from 'react-router';
import { CloseMonthPage, MyTimesheetPage, TeamTimesheetsPage } from './pages';

/**
 * /runtime/{appID}/myTimesheet/{title}: the caller's week of hours across items; timesheetList/{title}:
 * the hours of the projects the caller manages, to approve; closeMonthList/{title}: month closing
 * (spec section 2).
 */
export const runtimeTimesheetRoutes: RouteObject[] = [
  { path: 'myTimesheet/:title', element: <MyTimesheetPage /> },
  { path: 'timesheetList/:title', element: <TeamTimesheetsPage /> },
  { path: 'closeMonthList/:title', element: <CloseMonthPage /> },
];
