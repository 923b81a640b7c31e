import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests, SESSION_STORAGE_KEY, sessionSaved, setSession } from '../../app/session';
import { resetSecureStorageForTests } from '../../app/secureStorage';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { authenticateResponse, loginResultFor, makeSession, makeToken, nowS } from '../../test/session';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function calls(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).map(([, init]) => init!);
}

async function submit(login = 'maria', password = 's3cret', button = 'Entrar') {
  await userEvent.type(screen.getByLabelText(/Login/, { selector: 'input' }), login);
  await userEvent.type(screen.getByLabelText(/Senha/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

async function openLogin(path: string, handler: Handler, settings = {}) {
  const fetchMock = mockFetch(settings, handler);
  const view = renderApp(path);
  await screen.findByRole('button', { name: 'Entrar' });
  return { ...view, fetchMock };
}

describe('sign-in: success and failure', () => {
  it('shows the failure message cut at ##DETAILEDERROR## (detail to the console only) and stays', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchMock, router } = await openLogin('/?next=/app/x', () =>
      authenticateResponse({
        success: false,
        failReason: 1,
        message: 'Login ou senha inválidos.##DETAILEDERROR##req-9',
      }),
    );
    await submit(' maria ', 's3cret');

    expect(await screen.findByText('Login ou senha inválidos.')).toBeInTheDocument();
    expect(screen.queryByText(/req-9/)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('req-9');
    const [init] = calls(fetchMock, '/api/users/authenticate');
    expect(JSON.parse(String(init!.body))).toEqual({ UserName: 'maria', Password: 's3cret', encrypt: false });
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
  });

  it('shows the error of a refused request (429) as a toast', async () => {
    await openLogin('/', () => jsonResponse({ Message: 'Muitas tentativas. Aguarde.' }, 429));
    await submit();
    expect(await screen.findByText('Muitas tentativas. Aguarde.')).toBeInTheDocument();
  });

  it('shows the network error when the server cannot be reached', async () => {
    await openLogin('/', () => Promise.reject(new TypeError('Failed to fetch')));
    await submit();
    expect(await screen.findByText('Erro de Rede. Verifique sua conexão e tente novamente.')).toBeInTheDocument();
  });

  it('stores the session (encrypted) and goes to next', async () => {
    const session = makeSession();
    const { router } = await openLogin('/login?next=%2Fruntime%2F4', () =>
      authenticateResponse(loginResultFor(session)),
    );
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/4'));
    expect(getSession()).toEqual(session);
    await sessionSaved();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain(session.token);
  });

  it('goes to /app by default and greets the user there', async () => {
    const { router } = await openLogin('/', () => authenticateResponse(loginResultFor(makeSession())));
    await submit();
    expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu de Maria Souza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it.each([
    ['validates an enrolled second factor', { userMFAEnabled: true }, '/validateMFA', 'Autenticação em duas etapas'],
    ['enrols a missing second factor', { userMFAEnabled: false }, '/enableMFA', 'Ative a autenticação em duas etapas'],
  ])('with platform MFA on, %s', async (_, change, pathname, title) => {
    const session = makeSession({ platformMFAEnabled: true, mfaAuthenticated: false, ...change });
    const { router } = await openLogin('/?next=%2Fruntime%2F4', (url) =>
      url.endsWith('/users/authenticate')
        ? authenticateResponse(loginResultFor(session))
        : jsonResponse({ qrcode: '', code: 'ABCD' }),
    );
    await submit();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe('?next=%2Fruntime%2F4');
    expect(getSession()?.mfaAuthenticated).toBe(false);
  });
});

describe('opening the login page with a stored session', () => {
  async function storeSession(token: string) {
    setSession(makeSession({ token }));
    await sessionSaved();
    resetSessionForTests(); // as after a reload: only the encrypted copy remains
    resetSecureStorageForTests();
  }

  it('signs the user in and sends them to /app when the token has not expired', async () => {
    await storeSession(makeToken({ exp: nowS() + 600 }));
    mockFetch({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('removes an expired one and stays on the login page', async () => {
    await storeSession(makeToken({ iat: nowS() - 7200, exp: nowS() - 5 }));
    mockFetch({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
