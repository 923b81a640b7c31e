import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { makeSession } from '../test/session';
import { sessionSaved, setSession } from './session';
import { jsonResponse, mockFetch, renderApp } from '../test/renderApp';

describe('settings-driven app', () => {
  it('shows a spinner while the settings load', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderApp('/');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it.each(['/', '/login', '/app', '/runtime/3/list/1/f/q/v/t', '/nowhere', '/maintenance'])(
    'shows the maintenance page at %s when maintenance is on',
    async (path) => {
      mockFetch({ maintenance: true });
      const { router } = renderApp(path);
      expect(await screen.findByText('EM MANUTENÇÃO')).toBeInTheDocument();
      expect(screen.getByText('O sistema encontra-se em manutenção e voltará em instantes.')).toBeInTheDocument();
      expect(screen.queryByLabelText(/Senha/)).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the maintenance page in English', async () => {
    window.localStorage.setItem('language', 'en');
    mockFetch({ maintenance: true });
    renderApp('/');
    expect(await screen.findByText('UNDER MAINTENANCE')).toBeInTheDocument();
    expect(screen.getByText('The system is under maintenance and will be back shortly.')).toBeInTheDocument();
  });

  it('lets an administrator sign in during maintenance from the page’s link, and nobody else past it', async () => {
    mockFetch({ maintenance: true });
    const { router } = renderApp('/app');
    await userEvent.click(await screen.findByRole('link', { name: 'Entrar como administrador' }));
    expect(await screen.findByLabelText('Senha', { exact: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/administration/settings')}`);

    // The link opens the sign-in pages only: a plain user signed in still sees the maintenance page.
    setSession(makeSession({ hasPanelAdminPermission: false }));
    await sessionSaved();
    await router.navigate('/app');
    expect(await screen.findByText('EM MANUTENÇÃO')).toBeInTheDocument();
  });

  it('shows a signed-in administrator the app under a banner that switches maintenance off', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    await sessionSaved();
    let maintenance = true;
    const saves: unknown[] = [];
    mockFetch(
      () => jsonResponse({ maintenance }),
      (url, init) => {
        if (url.endsWith('/api/admin/settings/save')) {
          saves.push(JSON.parse(String(init?.body)));
          maintenance = false;
          return jsonResponse({ maintenance: false });
        }
        return jsonResponse({ Message: 'unexpected call' }, 500);
      },
    );
    renderApp('/app');
    const banner = await screen.findByRole('region', { name: 'Manutenção' });
    expect(banner).toHaveTextContent('Modo de manutenção ligado');
    expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
    expect(screen.queryByText('EM MANUTENÇÃO')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Desligar a manutenção' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Manutenção' })).not.toBeInTheDocument());
    expect(saves).toEqual([{ maintenance: false }]);
  });

  it('sends /maintenance to the start when maintenance is off', async () => {
    mockFetch({ maintenance: false });
    const { router } = renderApp('/maintenance');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the not-found page on an unknown path, with a link back to the start', async () => {
    mockFetch({});
    const { router } = renderApp('/does/not/exist');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('A página não foi encontrada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('serves the login page at /, /login and /runtime', async () => {
    for (const path of ['/', '/login', '/runtime']) {
      mockFetch({});
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
      unmount();
    }
  });

  it('applies the platform default language and the brand as the title', async () => {
    mockFetch({ defaultLanguage: 'en', brand: 'Acme Works' });
    renderApp('/nowhere');
    expect(await screen.findByText('The page was not found')).toBeInTheDocument();
    expect(document.title).toBe('Acme Works');
    expect(document.documentElement.lang).toBe('en');
  });

  it('lets the stored language win over the platform default', async () => {
    window.localStorage.setItem('language', 'pt-BR');
    mockFetch({ defaultLanguage: 'en' });
    renderApp('/nowhere');
    expect(await screen.findByText('A página não foi encontrada')).toBeInTheDocument();
    expect(i18n.language).toBe('pt-BR');
  });

  it('offers a retry when the settings call fails, and recovers', async () => {
    let calls = 0;
    mockFetch(() =>
      ++calls === 1 ? jsonResponse({ Message: 'indisponível' }, 503) : jsonResponse({ maintenance: true }),
    );
    renderApp('/');
    expect(await screen.findByText('Não foi possível carregar a plataforma')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('EM MANUTENÇÃO')).toBeInTheDocument();
  });
});
