import { Suspense, lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useSettings } from './settings';

const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));

export const MAINTENANCE_PATH = '/maintenance';

/**
 * Root of every route. With the maintenance setting on, every path shows the
 * maintenance page (the address is kept, so a reload after maintenance lands
 * where the user was); with it off, /maintenance sends the user to the start.
 * Lazy routes suspend here behind a centered spinner.
 */
export function RootLayout() {
  const { maintenance } = useSettings();
  const { pathname } = useLocation();

  if (!maintenance && pathname.replace(/\/+$/, '') === MAINTENANCE_PATH) {
    return <Navigate to="/" replace />;
  }

  return <Suspense fallback={<FullScreenSpinner />}>{maintenance ? <MaintenancePage /> : <Outlet />}</Suspense>;
}
