import type { StoredSession } from '../app/session';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims (the client never checks signatures). Times in seconds. */
export function makeToken({
  iat = nowS(),
  exp = nowS() + 3600,
  ...rest
}: { iat?: number; exp?: number; [claim: string]: unknown } = {}): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: '7', sid: 's', iat, exp, ...rest })}.signature`;
}

export function nowS(): number {
  return Math.floor(Date.now() / 1000);
}

/** A complete, signed-in session (platform MFA off) unless overridden. */
export function makeSession(change: Partial<StoredSession> = {}): StoredSession {
  return {
    token: makeToken(),
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: true,
    hasPanelAdminPermission: false,
    isAdministratorLogged: false,
    loggedUser: { id: 7, name: 'Maria Souza', email: 'maria@example.com', avatar: '' },
    hasChangePasswordPermission: true,
    ...change,
  };
}

/** The login result as the server sends it: a successful one for `session`, as an object. */
export function loginResultFor(session: StoredSession, change: Record<string, unknown> = {}): Record<string, unknown> {
  return { success: true, failReason: 0, message: '', userAgreedTermsOfUse: true, ...session, ...change };
}

/** base64 of the JSON text, as POST /users/authenticate answers (UTF-8 safe). */
export function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A text/plain response carrying a base64 login result. */
export function authenticateResponse(result: Record<string, unknown>): Response {
  return new Response(base64Json(result), { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
