import type { StoredSession } from '../../app/session';

/** Spec section 6: hasPanelAdminPermission or isAdministratorLogged opens the administration. */
export function canAdminister(session: StoredSession | null): boolean {
  return session !== null && (session.hasPanelAdminPermission || session.isAdministratorLogged);
}

const SECTIONS = ['groups', 'orgUnits', 'users', 'companies', 'log', 'additionalFields', 'emailServer', 'settings'];

/** The section of an /administration path: the first segment after it ('' for the plan page). */
export function sectionOf(pathname: string): string {
  const segment = decodeURIComponent(pathname.replace(/^\/administration\/?/, '').split('/')[0] ?? '');
  return SECTIONS.includes(segment) ? segment : '';
}
