import { lazy } from 'react';

// Every administration page is its own chunk; the layout chunk carries the admin texts (./i18n) and the guard.
export const AdminLayout = lazy(() => import('./AdminLayout'));
export const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
export const GroupsPage = lazy(() => import('./groups/GroupsPage'));
export const OrgUnitsPage = lazy(() => import('./units/OrgUnitsPage'));
export const UsersPage = lazy(() => import('./users/UsersPage'));
export const CompaniesPage = lazy(() => import('./companies/CompaniesPage'));
export const AuditLogPage = lazy(() => import('./log/AuditLogPage'));
export const AdditionalFieldsPage = lazy(() => import('./fields/AdditionalFieldsPage'));
export const EmailServerPage = lazy(() => import('./email/EmailServerPage'));
export const SettingsPage = lazy(() => import('./settings/SettingsPage'));
