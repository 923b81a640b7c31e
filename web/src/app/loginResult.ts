import { normalizeSession, type StoredSession } from './session';

/** failReason values of the login result (docs/auth.md); 2 is the one the spec names. */
export const FAIL_PASSWORD_EXPIRED = 2;
/** Too many failures: the login, or the user's second factor, is locked for a while. */
export const FAIL_LOCKED = 3;
/** The fifth wrong second-factor code: the server ended the pending sign-in. */
export const FAIL_MFA_EXHAUSTED = 6;

/** The login result (spec section 3) as this client reads it. */
export interface LoginResult {
  success: boolean;
  failReason: number;
  /** Why it failed, in the request's language (may carry ##DETAILEDERROR##). */
  message: string;
  userAgreedTermsOfUse: boolean;
  /** The session to store; undefined when the sign-in failed. */
  session: StoredSession | undefined;
}

/** Reads a login result: the JSON object of registerUserMFA/validateMFA, or the base64 text authenticate answers. */
export function readLoginResult(raw: unknown): LoginResult {
  const value = typeof raw === 'string' ? decodeBase64Json(raw) : raw;
  const input = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const session = input.success === true ? normalizeSession(input) : undefined;
  return {
    success: session !== undefined,
    failReason: typeof input.failReason === 'number' ? input.failReason : 0,
    message: typeof input.message === 'string' ? input.message : '',
    userAgreedTermsOfUse: input.userAgreedTermsOfUse !== false,
    session,
  };
}

function decodeBase64Json(text: string): unknown {
  try {
    const binary = atob(text.trim());
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
