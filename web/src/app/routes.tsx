import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './guards';
import { RouteError } from './RouteError';

// Every screen is its own chunk: the login route must not pull the others.
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
