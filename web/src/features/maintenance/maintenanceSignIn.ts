/**
 * While maintenance is on, every path shows the maintenance page, but an administrator must be able
 * to sign in and switch it off (docs/admin.md, "Maintenance"). The page's "sign in as administrator"
 * link marks this tab; the sign-in paths then open in it until maintenance ends.
 */
const KEY = 'tramita.maintenanceSignIn';

/** The sign-in pages (and their second-factor steps) an administrator goes through. */
const SIGN_IN_PATHS = new Set(['/', '/login', '/runtime', '/validateMFA', '/enableMFA']);

export function markMaintenanceSignIn(): void {
  window.sessionStorage.setItem(KEY, '1');
}

export function clearMaintenanceSignIn(): void {
  window.sessionStorage.removeItem(KEY);
}

/** Whether this path may open during maintenance for a tab that asked to sign in as administrator. */
export function opensForMaintenanceSignIn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SIGN_IN_PATHS.has(path) && window.sessionStorage.getItem(KEY) === '1';
}
