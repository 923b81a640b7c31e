import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, setSession, SESSION_STORAGE_KEY } from '../app/session';
import { makeSession } from '../test/session';
import i18n from '../i18n';
import { ApiError, api, createApiClient, redirectToLogin } from './client';
import { splitDetailedError } from './errors';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(response: Response | (() => Promise<Response>), overrides: Parameters<typeof createApiClient>[0] = {}) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    typeof response === 'function' ? response() : Promise.resolve(response),
  );
  const onUnauthorized = vi.fn();
  const client = createApiClient({ fetch: fetchMock, onUnauthorized, ...overrides });
  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    return { url: String(url), init: init!, headers: new Headers(init!.headers) };
  };
  return { client, fetchMock, onUnauthorized, lastRequest };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => clearSession());
afterEach(() => clearSession());

describe('api client requests', () => {
  it('prefixes /api and sends the stored language and the bearer token', async () => {
    setSession(makeSession({ token: 'tok-123' }));
    const { client, lastRequest } = setup(json({ ok: true }));
    await expect(client.get('/application/getPlatformSettings')).resolves.toEqual({ ok: true });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/application/getPlatformSettings');
    expect(headers.get('Accept-Language')).toBe('pt-BR');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends en after the language changes and no Authorization without a token', async () => {
    await i18n.changeLanguage('en');
    const { client, lastRequest } = setup(json({}));
    await client.get('x');
    expect(lastRequest().headers.get('Accept-Language')).toBe('en');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('uses the injected token accessor', async () => {
    const { client, lastRequest } = setup(json({}), { getToken: () => 'injected' });
    await client.get('x');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer injected');
  });

  it('serialises JSON bodies and query parameters', async () => {
    const { client, lastRequest } = setup(json({ id: 1 }));
    await client.post('/application/getApplicationMenu', { a: 1 }, { query: { appID: 7, skip: undefined } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/application/getApplicationMenu?appID=7');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('returns text bodies as text and 204 as undefined', async () => {
    await expect(setup(new Response('aGVsbG8=', { status: 200 })).client.post('/users/authenticate', {})).resolves.toBe(
      'aGVsbG8=',
    );
    await expect(setup(new Response(null, { status: 204 })).client.delete('x')).resolves.toBeUndefined();
  });
});

describe('api client errors', () => {
  it('takes the message from the Message field', async () => {
    const { client } = setup(json({ Message: 'Usuário ou senha inválidos' }, 400));
    const error = await caught(client.get('x'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Usuário ou senha inválidos');
    expect(error.detail).toBeUndefined();
  });

  it('shows the part before ##DETAILEDERROR## and sends the rest to console.error only', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = setup(json({ Message: 'Falha ao salvar##DETAILEDERROR##request 42' }, 500));
    const error = await caught(client.get('x'));
    expect(error.message).toBe('Falha ao salvar');
    expect(error.detail).toBe('request 42');
    expect(consoleError).toHaveBeenCalledWith('request 42');
    expect(error.message).not.toContain('request 42');
  });

  it('falls back to the error message when the body has no Message', async () => {
    const { client } = setup(
      new Response('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await caught(client.get('x'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('A requisição falhou (código 502).');
  });

  it('gives the network-error message when no response arrives', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(client.get('x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Erro de Rede. Verifique sua conexão e tente novamente.');
  });

  it('translates the network-error message to English', async () => {
    await i18n.changeLanguage('en');
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await caught(client.get('x'))).message).toBe('Network error. Check your connection and try again.');
  });

  it('lets cancellation through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { client } = setup(() => Promise.reject(abort));
    await expect(client.get('x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('calls the 401 handler, unless the call opts out', async () => {
    const first = setup(json({ Message: 'Sessão expirada' }, 401));
    expect((await caught(first.client.get('x'))).status).toBe(401);
    expect(first.onUnauthorized).toHaveBeenCalledTimes(1);

    const second = setup(json({ Message: 'Senha inválida' }, 401));
    await caught(second.client.post('/users/authenticate', {}, { redirectOnUnauthorized: false }));
    expect(second.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('401 redirect', () => {
  const original = window.location;
  let assign: ReturnType<typeof vi.fn>;

  function at(pathname: string, search = '') {
    assign = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname, search, hash: '', assign },
    });
  }

  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
  });

  it('clears the session and goes to /?next={current path}', async () => {
    at('/runtime/5/list', '?page=2');
    setSession(makeSession({ token: 'expired' }));
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'sealed');
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json({ Message: 'Não autorizado' }, 401)));
    vi.stubGlobal('fetch', fetchMock);

    await caught(api.get('/application/getAllowedApplications'));

    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/?next=%2Fruntime%2F5%2Flist%3Fpage%3D2');
  });

  it('does not redirect when already on the login page', () => {
    at('/');
    setSession(makeSession({ token: 'expired' }));
    redirectToLogin();
    expect(getToken()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('splitDetailedError', () => {
  it('splits at the first marker and trims', () => {
    expect(splitDetailedError('A ##DETAILEDERROR## b ##DETAILEDERROR## c')).toEqual({
      message: 'A',
      detail: 'b ##DETAILEDERROR## c',
    });
    expect(splitDetailedError('only')).toEqual({ message: 'only', detail: undefined });
  });
});
