import { lazy } from 'react';

// The week grid is its own lazy chunk, away from the login route.
export const MyTimesheetPage = lazy(() => import('./MyTimesheetPage'));

// The team's hours and their approval, a chunk of its own too.
export const TeamTimesheetsPage = lazy(() => import('./team/TeamTimesheetsPage'));
