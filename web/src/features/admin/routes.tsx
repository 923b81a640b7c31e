import { Navigate, type RouteObject } from 'react-router';
import {
  AdditionalFieldsPage,
  AdminLayout,
  AuditLogPage,
  CompaniesPage,
  DashboardPage,
  EmailServerPage,
  GroupsPage,
  OrgUnitsPage,
  SettingsPage,
  UsersPage,
} from './pages';

/** The plan page's address when none is given (spec section 2: reached as /administration/Plano Contratado). */
export const PLAN_PATH = '/administration/Plano Contratado';

/**
 * The administration pages (spec section 2, administration paths), children of /administration.
 * Fixed paths win over /administration/{title}, the contracted plan page.
 */
export const administrationRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <Navigate to={PLAN_PATH} replace /> },
      { path: 'groups/:title?', element: <GroupsPage /> },
      { path: 'users/:title?', element: <UsersPage /> },
      { path: 'orgUnits', element: <OrgUnitsPage /> },
      { path: 'companies', element: <CompaniesPage /> },
      { path: 'log', element: <AuditLogPage /> },
      { path: 'additionalFields', element: <AdditionalFieldsPage /> },
      { path: 'emailServer', element: <EmailServerPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: ':title', element: <DashboardPage /> },
    ],
  },
];
