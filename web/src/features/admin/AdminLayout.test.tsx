import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { sectionOf } from './access';

vi.setConfig({ testTimeout: 20_000 });

describe('the administration shell', () => {
  it('refuses a plain user without calling the server', async () => {
    setSession(makeSession());
    const fetch = mockFetch({});
    renderApp('/administration/Plano Contratado');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu da administração' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/admin/'))).toBe(false);
  });

  it('opens for an administrator with the side menu, each entry with its translated title', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    mockFetch({}, (url) => {
      if (url.endsWith('/api/admin/dashboard'))
        return jsonResponse({
          users: 10000,
          activeUsers: 9000,
          activeSessions: 3,
          storageBytes: 1536 * 1024,
          recentEvents: [],
        });
      if (url.endsWith('/api/admin/plan'))
        return jsonResponse({
          name: 'Empresarial',
          limits: { users: 20000, storageBytes: null, applications: 10 },
          usage: {
            users: 10000,
            storageBytes: 1536 * 1024,
            applications: 2,
            databaseBytes: 1024 * 1024,
            fileBytes: 512 * 1024,
          },
        });
      return jsonResponse({ Message: 'unexpected' }, 500);
    });
    const { router } = renderApp('/administration');
    const nav = await screen.findByRole('navigation', { name: 'Menu da administração' }, { timeout: 10_000 });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Painel',
      'Grupos',
      'Estrutura organizacional',
      'Usuários',
      'Empresas',
      'Log de auditoria',
      'Campos adicionais',
      'Servidor de e-mail',
      'Configurações',
    ]);
    expect(router.state.location.pathname).toBe('/administration/Plano Contratado');
    expect(within(nav).getByRole('link', { name: 'Painel' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Empresarial' })).toBeInTheDocument();
    expect(screen.getByText('10.000 de 20.000')).toBeInTheDocument();
    expect(screen.getByText('1,5 MB · ilimitado')).toBeInTheDocument();
    // The two parts the storage limit counts.
    expect(screen.getByText('Banco de dados 1,0 MB · arquivos 512,0 KB')).toBeInTheDocument();
    expect(screen.getByText('9.000 ativos')).toBeInTheDocument();
  });

  it('knows the section of a path; anything else is the plan page', () => {
    expect(sectionOf('/administration/users/Usuários')).toBe('users');
    expect(sectionOf('/administration/log')).toBe('log');
    expect(sectionOf('/administration/Plano%20Contratado')).toBe('');
    expect(sectionOf('/administration')).toBe('');
  });
});
