import { api } from '../../api/client';
import { readLoginResult, type LoginResult } from '../../app/loginResult';

export interface AuthenticateRequest {
  UserName: string;
  Password: string;
  /** Sent only when the platform enables reCAPTCHA. */
  recaptchaToken?: string;
  /** Whether Password is base64 (a transport encoding the server accepts; this client sends plain text over TLS). */
  encrypt: boolean;
}

/**
 * POST /api/users/authenticate. Wrong credentials are an answer (success
 * false, with a message), not an error; a 401 here must not trigger the
 * session-expired redirect either.
 */
export async function authenticate(body: AuthenticateRequest): Promise<LoginResult> {
  return readLoginResult(
    await api.post<unknown>('/users/authenticate', body, { redirectOnUnauthorized: false, responseType: 'text' }),
  );
}

export interface ChangeExpiredPasswordRequest {
  login: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /api/users/changeExpiredPassword: the password change of the failReason-2 flow, before any session exists. */
export function changeExpiredPassword(body: ChangeExpiredPasswordRequest): Promise<unknown> {
  return api.post('/users/changeExpiredPassword', body, { redirectOnUnauthorized: false });
}

/** GET /api/users/getTermsOfUse: the current terms, a PDF. */
export function getTermsOfUse(token: string): Promise<Blob> {
  return api.get<Blob>('/users/getTermsOfUse', { responseType: 'blob', token, redirectOnUnauthorized: false });
}

export interface AcceptTermsRequest {
  accept: boolean;
  userId: number;
  browserInfo: string;
}

/** POST /api/users/acceptTermsOfUse with the new session's token, which is not stored yet. */
export function acceptTermsOfUse(body: AcceptTermsRequest, token: string): Promise<unknown> {
  return api.post('/users/acceptTermsOfUse', body, { token, redirectOnUnauthorized: false });
}
