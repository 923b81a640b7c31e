import type { RouteObject } from 'react-router';
import { CalendarPage } from './pages';

/** /runtime/{appID}/calendar/{title}: the calendar of an application (spec section 2). */
export const runtimeCalendarRoutes: RouteObject[] = [{ path: 'calendar/:title', element: <CalendarPage /> }];
