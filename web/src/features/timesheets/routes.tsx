import type { RouteObject } from 'react-router';
import { MyTimesheetPage, TeamTimesheetsPage } from './pages';

/**
 * /runtime/{appID}/myTimesheet/{title}: the caller's week of hours across items; timesheetList/{title}:
 * the hours of the projects the caller manages, to approve (spec section 2).
 */
export const runtimeTimesheetRoutes: RouteObject[] = [
  { path: 'myTimesheet/:title', element: <MyTimesheetPage /> },
  { path: 'timesheetList/:title', element: <TeamTimesheetsPage /> },
];
