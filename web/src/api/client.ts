import { pendingSecondFactor } from '../app/access';
import { clearSession, getSession, getToken, setToken } from '../app/session';
import i18n, { currentLanguage } from '../i18n';
import { ApiError, messageFromBody, splitDetailedError } from './errors';
import { createTokenRenewal } from './tokenRenewal';

export { ApiError, isApiError, DETAIL_MARKER } from './errors';

/** The API base address. Ours is '/api'; VITE_API_BASE overrides it at build time. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/** Paths that show the login page: a 401 there must not redirect to itself. */
const LOGIN_PATHS = new Set(['/', '/login', '/runtime']);

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData, Blob, URLSearchParams or a string. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'auto' (the default) reads JSON when the response says so, else text. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
  /**
   * Whether a 401 clears the session and sends the user to the login page.
   * Calls that are themselves part of signing in turn it off. Default true.
   */
  redirectOnUnauthorized?: boolean;
  /** Overrides the stored token for this call (e.g. accepting the terms of use before sign-in completes). */
  token?: string | null;
  /** Whether a success may renew a stale token (off for the renewal call itself and sign-out). Default true. */
  renewToken?: boolean;
}

export interface ApiClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called on a 401 with redirectOnUnauthorized: clears the session and goes to the login page. */
  onUnauthorized: () => void;
  /** Where the part after ##DETAILEDERROR## goes: the console only. */
  logDetail: (detail: string) => void;
  /** Called after every successful response (token renewal after 600 s, spec section 4). */
  onSuccess: () => void;
  fetch: typeof fetch;
}

/** Default 401 handling: clear the session and go to '/?next={current path}'. */
export function redirectToLogin(): void {
  clearSession();
  const { pathname, search, hash } = window.location;
  if (LOGIN_PATHS.has(pathname)) return; // already on the login page
  window.location.assign(`/?next=${encodeURIComponent(pathname + search + hash)}`);
}

const defaultConfig: ApiClientConfig = {
  baseUrl: API_BASE,
  getToken,
  getLanguage: currentLanguage,
  onUnauthorized: redirectToLogin,
  logDetail: (detail) => console.error(detail),
  onSuccess: () => void renewTokenIfStale(),
  // Resolved on each call so tests (and polyfills) can replace the global.
  fetch: (input, init) => globalThis.fetch(input, init),
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(overrides: Partial<ApiClientConfig> = {}) {
  const config: ApiClientConfig = { ...defaultConfig, ...overrides };

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const {
      method = 'GET',
      body,
      query,
      signal,
      responseType = 'auto',
      redirectOnUnauthorized = true,
      renewToken = true,
    } = options;

    const headers = new Headers(options.headers);
    headers.set('Accept-Language', config.getLanguage());
    if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain, */*');
    const token = options.token !== undefined ? options.token : config.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (
        body instanceof FormData ||
        body instanceof Blob ||
        body instanceof URLSearchParams ||
        typeof body === 'string'
      ) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
        headers.set('Content-Type', 'application/json');
      }
    }

    let response: Response;
    try {
      response = await config.fetch(buildUrl(config.baseUrl, path, query), { method, headers, body: payload, signal });
    } catch (cause) {
      if (signal?.aborted || isAbort(cause)) throw cause; // cancellation is not an error to show
      const error = new ApiError(0, i18n.t('error.networkError'));
      error.cause = cause;
      throw error;
    }

    if (!response.ok) {
      const errorBody = await readBody(response, 'auto').catch(() => undefined);
      if (response.status === 401 && redirectOnUnauthorized) config.onUnauthorized();
      throw toApiError(response, errorBody, config.logDetail);
    }

    const result =
      response.status === 204 || response.status === 205 ? undefined : await readBody(response, responseType);
    if (renewToken) config.onSuccess();
    return result as T;
  }

  const withMethod =
    (method: NonNullable<RequestOptions['method']>) =>
    <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method, body });

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: withMethod('POST'),
    put: withMethod('PUT'),
    patch: withMethod('PATCH'),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** The application's client: stored language, stored token, 401 → login, token renewal. */
export const api = createApiClient();

const renewTokenIfStale = createTokenRenewal({
  getToken,
  canRenew: () => {
    const session = getSession();
    return session !== null && pendingSecondFactor(session) === undefined;
  },
  renew: async () => (await api.get<{ token: string }>('/users/renewToken', { renewToken: false })).token,
  replaceToken: setToken,
  now: () => Date.now(),
});

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response, type: NonNullable<RequestOptions['responseType']>): Promise<unknown> {
  if (type === 'blob') return response.blob();
  if (type === 'text') return response.text();
  const text = await response.text();
  if (type === 'json') return text ? (JSON.parse(text) as unknown) : undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) {
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(response: Response, body: unknown, logDetail: (detail: string) => void): ApiError {
  const raw =
    messageFromBody(body) ?? plainTextMessage(body) ?? i18n.t('error.requestFailed', { status: response.status });
  const { message, detail } = splitDetailedError(raw);
  if (detail) logDetail(detail);
  return new ApiError(response.status, message || i18n.t('error.default'), detail, body);
}

/** A short plain-text body (not an HTML error page) is itself the message. */
function plainTextMessage(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  const text = body.trim();
  if (!text || text.length > 500 || text.startsWith('<')) return undefined;
  return text;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
