import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { Application } from '../portal';

vi.setConfig({ testTimeout: 15_000 });

const app = (id: number, change: Partial<Application> = {}): Application => ({
  id,
  name: `App ${id}`,
  iconName: 'Dashboard',
  isFontAwesomeIcon: false,
  imageContent: '',
  displayOnToolbar: false,
  urlBehavior: false,
  urlLink: '',
  appVersion: '1.0.0',
  collapsedMenu: false,
  ...change,
});

/** The portal's calls: the applications, an empty message list, a refused event stream. */
function portalFetch(applications: Application[] | Response, other?: (url: string, init?: RequestInit) => Response) {
  return mockFetch(
    {},
    (url, init) => {
      if (url.includes('/api/application/getApplicationMenu'))
        return jsonResponse([[], { ...app(1), htmlScripts: '', htmlScriptsUrl: '' }]);
      return other ? other(url, init) : jsonResponse({ Message: 'unexpected call' }, 500);
    },
    { applications: () => (applications instanceof Response ? applications : jsonResponse(applications)) },
  );
}

describe('/app', () => {
  it('shows the application tiles, in English too', async () => {
    window.localStorage.setItem('language', 'en');
    setSession(makeSession());
    portalFetch([
      app(1, { name: 'Work Management' }),
      app(2, { name: 'Finance' }),
      app(3, { name: 'Chat', displayOnToolbar: true }),
    ]);
    renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'Hello, Maria Souza' }, { timeout: 8000 })).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Applications' });
    // A tile's name holds what it shows, its version too; the language button's, the code it shows.
    expect(await within(tiles).findByRole('button', { name: 'Work Management, version 1.0.0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PT — Change the language to Português' })).toHaveTextContent('PT');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Chat' })).toBeInTheDocument(); // its toolbar button
  });

  it('shows the administration shortcut only to panel administrators and administrators', async () => {
    for (const [flags, shown] of [
      [{ hasPanelAdminPermission: true, isAdministratorLogged: false }, true],
      [{ hasPanelAdminPermission: false, isAdministratorLogged: true }, true],
      [{ hasPanelAdminPermission: false, isAdministratorLogged: false }, false],
    ] as const) {
      setSession(makeSession(flags));
      portalFetch([app(1), app(2)]);
      const { unmount } = renderApp('/app');
      expect(await screen.findByRole('button', { name: 'App 2, versão 1.0.0' }, { timeout: 8000 })).toBeInTheDocument();
      const shortcut = screen.queryByRole('link', { name: 'Administração' });
      if (shown)
        expect(shortcut).toHaveAttribute('href', expect.stringMatching(/^\/administration\/Plano( |%20)Contratado$/));
      else expect(shortcut).not.toBeInTheDocument();
      unmount();
    }
  });

  it('sends a user with one application off the toolbar straight to its runtime', async () => {
    setSession(makeSession());
    portalFetch([app(9)]);
    const { router } = renderApp('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/9'));
    expect(screen.queryByRole('link', { name: 'Aplicativos' })).not.toBeInTheDocument();
  });

  it('clears the session and goes to the login page when the applications fail to load', async () => {
    setSession(makeSession());
    portalFetch(jsonResponse({ Message: 'Falhou' }, 500));
    const { router } = renderApp('/app');
    expect(await screen.findByText('Falhou')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
  });

  it('signs out from the user menu', async () => {
    const session = makeSession();
    setSession(session);
    const fetchMock = portalFetch([app(1), app(2)], () => new Response(null, { status: 204 }));
    const { router } = renderApp('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu de Maria Souza' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/logout'))!;
    expect(new Headers(logout[1]!.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('changes the password from the user menu, only with the permission', async () => {
    setSession(makeSession());
    const fetchMock = portalFetch([app(1), app(2)], () => jsonResponse({ Message: 'Senha alterada com sucesso' }));
    renderApp('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu de Maria Souza' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Alterar a Senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
    await userEvent.type(within(dialog).getByLabelText('Senha atual', { selector: 'input' }), 'Velha-1');
    await userEvent.type(within(dialog).getByLabelText('Nova senha', { selector: 'input' }), 'Nova-Senha-9');
    await userEvent.type(within(dialog).getByLabelText('Confirme a nova senha', { selector: 'input' }), 'Nova-Senha-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/changePassword'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      oldPassword: 'Velha-1',
      newPassword: 'Nova-Senha-9',
      confirmPassword: 'Nova-Senha-9',
    });
  });

  it('offers no password change without the permission', async () => {
    setSession(makeSession({ hasChangePasswordPermission: false }));
    portalFetch([app(1), app(2)]);
    renderApp('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu de Maria Souza' }));
    expect(await screen.findByRole('menuitem', { name: 'Editar o perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Alterar a Senha' })).not.toBeInTheDocument();
  });
});
