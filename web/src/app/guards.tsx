import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { clearMaintenanceSignIn, opensForMaintenanceSignIn } from '../features/maintenance/maintenanceSignIn';
import { loginPath, sessionOpensApp } from './access';
import { usePageFocus } from './pageFocus';
import { screenChanged } from './routeScreens';
import { clearSession } from './session';
import { useSettings } from './settings';
import { tokenClaims } from './token';
import { useSession } from './useSession';

const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));
const MaintenanceBanner = lazy(() => import('../features/maintenance/MaintenanceBanner'));

export const MAINTENANCE_PATH = '/maintenance';

/**
 * Root of every route. With the maintenance setting on, every path shows the
 * maintenance page (the address is kept, so a reload after maintenance lands
 * where the user was) except to a panel administrator, who works under a banner
 * that switches it off, and to the sign-in pages of a tab whose user chose to sign
 * in as administrator. With it off, /maintenance sends the user to the start.
 * Lazy routes suspend here behind a centered spinner.
 */
export function RootLayout() {
  const { maintenance } = useSettings();
  const { pathname } = useLocation();
  const session = useSession();
  const administrator = session?.hasPanelAdminPermission === true;

  usePageFocus(pathname);
  // The toasts of the screen left go with it (routeScreens.ts).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    screenChanged();
  }, [pathname]);

  useEffect(() => {
    if (!maintenance) clearMaintenanceSignIn();
  }, [maintenance]);

  if (!maintenance && pathname.replace(/\/+$/, '') === MAINTENANCE_PATH) {
    return <Navigate to="/" replace />;
  }
  if (maintenance && administrator) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <MaintenanceBanner />
        <Outlet />
      </Suspense>
    );
  }
  const open = !maintenance || opensForMaintenanceSignIn(pathname);
  return <Suspense fallback={<FullScreenSpinner />}>{open ? <Outlet /> : <MaintenancePage />}</Suspense>;
}

/**
 * The access guard of protected pages (spec section 4). A session opens them
 * when its token has not expired (checked again the moment it does) and, with
 * platform MFA on, the second factor is enrolled and passed. Otherwise the
 * user is signed out: the stored session is removed and the login page opens
 * with next set to the current path (or to the next the address already has).
 */
export function RequireSession() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const [searchParams] = useSearchParams();
  const [now, setNow] = useState(() => Date.now());

  const exp = session ? tokenClaims(session.token)?.exp : undefined;
  useEffect(() => {
    if (exp === undefined) return undefined;
    // Re-check one second after the expiry second has passed (setTimeout caps at ~24.8 days).
    // Already past (the effect can run well after the first render on a slow
    // device): re-check at once, or the stale `now` would keep the page open.
    const wait = Math.max(0, Math.min(exp * 1000 + 1000 - Date.now(), 2 ** 31 - 1));
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [exp]);

  if (sessionOpensApp(session, now)) return <Outlet />;
  return <SignedOut to={loginPath(searchParams.get('next') ?? pathname + search + hash)} />;
}

/** Removes the stored session, then goes to the login page. */
function SignedOut({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return <FullScreenSpinner />;
}
