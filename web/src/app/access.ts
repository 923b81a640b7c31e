import type { StoredSession } from './session';
import { tokenExpired } from './token';

/** Where a user goes after signing in when no next parameter is given (spec sections 2 and 9). */
export const DEFAULT_AFTER_LOGIN = '/app';

/**
 * The next query parameter when it is a path inside this site; anything else
 * (absolute URLs, protocol-relative '//host', backslash tricks) is replaced by
 * the default, so the login page cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return DEFAULT_AFTER_LOGIN;
  const value = next.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_AFTER_LOGIN;
  if (/^\/(login|runtime)?\/?([?#]|$)/.test(value)) return DEFAULT_AFTER_LOGIN; // back to the login page itself
  return value;
}

/** '/?next=…': the login page, returning to `next` after signing in. */
export function loginPath(next: string): string {
  return `/?next=${encodeURIComponent(next)}`;
}

/** The second factor the session still owes, if any (spec section 2, 'After login'). */
export function pendingSecondFactor(session: StoredSession): 'enable' | 'validate' | undefined {
  if (!session.platformMFAEnabled || session.mfaAuthenticated) return undefined;
  return session.userMFAEnabled ? 'validate' : 'enable';
}

/**
 * Where a signed-in user goes: to enrol or enter the second factor when the
 * platform asks for one and the session has not settled it (keeping next),
 * else to next (default /app).
 */
export function afterLoginPath(session: StoredSession, next: string | null | undefined): string {
  const target = safeNextPath(next);
  switch (pendingSecondFactor(session)) {
    case 'validate':
      return `/validateMFA?next=${encodeURIComponent(target)}`;
    case 'enable':
      return `/enableMFA?next=${encodeURIComponent(target)}`;
    default:
      return target;
  }
}

/**
 * The access guard's test (spec section 4): a session opens protected pages
 * when it has an unexpired token (expiry compared in seconds) and, with
 * platform MFA on, the user has enrolled and passed the second factor.
 */
export function sessionOpensApp(session: StoredSession | null, now: number = Date.now()): session is StoredSession {
  if (!session || tokenExpired(session.token, now)) return false;
  if (session.platformMFAEnabled && (!session.userMFAEnabled || !session.mfaAuthenticated)) return false;
  return true;
}
