import { lazy } from 'react';

// The week grid is its own lazy chunk, away from the login route.
export const MyTimesheetPage = lazy(() => import('./MyTimesheetPage'));
// Month closing too.
export const CloseMonthPage = lazy(() => import('./closing/CloseMonthPage'));
