import { lazy } from 'react';

// Each screen is its own lazy chunk, away from the login route.
export const MyTimesheetPage = lazy(() => import('./MyTimesheetPage'));
export const TeamTimesheetsPage = lazy(() => import('./team/TeamTimesheetsPage'));
export const CloseMonthPage = lazy(() => import('./closing/CloseMonthPage'));
