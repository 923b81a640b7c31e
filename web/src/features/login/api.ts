import { api } from '../../api/client';

export interface AuthenticateRequest {
  UserName: string;
  Password: string;
  recaptchaToken?: string;
  encrypt: boolean;
}

/**
 * POST /api/users/authenticate. The response (base64 of the login result) is
 * decoded and stored by the sign-in issue; a 401 here means wrong credentials,
 * so it must not trigger the session-expired redirect.
 */
export function authenticate(body: AuthenticateRequest): Promise<unknown> {
  return api.post<unknown>('/users/authenticate', body, { redirectOnUnauthorized: false });
}
