import { lazy } from 'react';

// The calendar (and FullCalendar with it) is its own lazy chunk, away from the login route.
export const CalendarPage = lazy(() => import('./CalendarPage'));
