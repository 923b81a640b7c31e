import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { StoredSession } from '../../app/session';
import { readLoginResult, type LoginResult } from '../../app/loginResult';

/** GET /api/users/getMFAData (spec section 3): the QR code (PNG data URL) and the secret to type by hand. */
export interface MfaData {
  qrcode: string;
  code: string;
}

/**
 * Each call starts a new enrolment (a new secret) on the server, so the data
 * is fetched once per visit of the page and never refetched behind its back.
 */
export function mfaDataQuery(token: string) {
  return queryOptions({
    queryKey: ['mfaData', token],
    queryFn: ({ signal }) => api.get<MfaData>('/users/getMFAData', { signal, redirectOnUnauthorized: false }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export interface MfaCodeRequest {
  /** The login result the client holds; the server reads its token. */
  logonresult: StoredSession;
  userCode: string;
}

/** POST /api/users/registerUserMFA: finishes the enrolment with a code from the app. */
export async function registerUserMfa(body: MfaCodeRequest): Promise<LoginResult> {
  return readLoginResult(await api.post<unknown>('/users/registerUserMFA', body, { redirectOnUnauthorized: false }));
}

/** POST /api/users/validateMFA: the second factor of an enrolled user. */
export async function validateMfa(body: MfaCodeRequest): Promise<LoginResult> {
  return readLoginResult(await api.post<unknown>('/users/validateMFA', body, { redirectOnUnauthorized: false }));
}
