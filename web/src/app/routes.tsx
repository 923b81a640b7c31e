import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { administrationRoutes } from '../features/admin/routes';
import { runtimeCalendarRoutes } from '../features/calendar/routes';
import { runtimeFormRoutes, topLevelFormRoutes } from '../features/forms/routes';
import { runtimeItemRoutes, topLevelItemRoutes } from '../features/items/routes';
import { runtimeKanbanRoutes, topLevelKanbanRoutes } from '../features/kanban/routes';
import { runtimeOperationRoutes } from '../features/operations/routes';
import { runtimeProjectsRoutes } from '../features/projects/routes';
import { runtimeReportRoutes, topLevelReportRoutes } from '../features/reports/routes';
import { runtimeProjectPageRoutes } from '../features/projects/page/routes';
import { runtimeRepositoryRoutes } from '../features/repositories/routes';
import { runtimeResourcesRoutes } from '../features/resources/routes';
import { runtimeTimesheetRoutes } from '../features/timesheets/routes';
import { runtimeScheduleRoutes } from '../features/schedule/routes';
import { notBuiltRoutes, notBuiltRuntimePaths, notBuiltTopLevelPaths } from '../features/not-found/notBuilt';
import { loadPortalLayout } from './earlyStart';
import { RequireSession, RootLayout } from './guards';
import { RouteError } from './RouteError';

// Every screen is its own chunk: the login route must not pull the others.
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const NotBuiltPage = lazy(() => import('../features/not-found/NotBuiltPage'));
const ResetPasswordPage = lazy(() => import('../features/reset-password/ResetPasswordPage'));
const EnableMfaPage = lazy(() => import('../features/mfa/EnableMfaPage'));
const ValidateMfaPage = lazy(() => import('../features/mfa/ValidateMfaPage'));
const DesktopPage = lazy(() => import('../features/desktop/DesktopPage'));
const PortalLayout = lazy(loadPortalLayout);
const RuntimeIndex = lazy(() => import('../features/portal/RuntimeIndex'));

/** Spec section 2, top-level routes. Screens of later issues join the children list. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'runtime', element: <LoginPage /> },
      { path: 'maintenance', element: <MaintenancePage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'enableMFA', element: <EnableMfaPage /> },
      { path: 'validateMFA', element: <ValidateMfaPage /> },
      {
        // Pages that need a signed-in user (spec section 4, access guard).
        element: <RequireSession />,
        children: [
          {
            // The portal shell (header bar, sidebar, messages, user menu) around the desktop and the runtime.
            element: <PortalLayout />,
            children: [
              { path: 'app', element: <DesktopPage /> },
              { path: 'administration', children: administrationRoutes },
              ...topLevelItemRoutes,
              ...topLevelFormRoutes,
              ...topLevelKanbanRoutes,
              ...topLevelReportRoutes,
              ...notBuiltRoutes(notBuiltTopLevelPaths, <NotBuiltPage />),
              {
                path: 'runtime/:appID',
                children: [
                  { index: true, element: <RuntimeIndex /> },
                  ...runtimeItemRoutes,
                  ...runtimeFormRoutes,
                  ...runtimeKanbanRoutes,
                  ...runtimeCalendarRoutes,
                  ...runtimeOperationRoutes,
                  ...runtimeProjectsRoutes,
                  ...runtimeProjectPageRoutes,
                  ...runtimeResourcesRoutes,
                  ...runtimeTimesheetRoutes,
                  ...runtimeScheduleRoutes,
                  ...runtimeRepositoryRoutes,
                  ...runtimeReportRoutes,
                  ...notBuiltRoutes(notBuiltRuntimePaths, <NotBuiltPage />),
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
