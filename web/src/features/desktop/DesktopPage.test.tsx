import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';

vi.setConfig({ testTimeout: 15_000 });

describe('/app', () => {
  it('shows the signed-in user in English too', async () => {
    window.localStorage.setItem('language', 'en');
    setSession(makeSession());
    mockFetch({});
    renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'Hello, Maria Souza' })).toBeInTheDocument();
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out: the server is told, the session removed, the login page shown', async () => {
    const session = makeSession();
    setSession(session);
    const fetchMock = mockFetch({}, () => new Response(null, { status: 204 }));
    const { router } = renderApp('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/logout'))!;
    expect(new Headers(logout[1]!.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('changes the password with the current one, when the user may', async () => {
    setSession(makeSession());
    const fetchMock = mockFetch({}, () => jsonResponse({ Message: 'Senha alterada com sucesso' }));
    renderApp('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar a Senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
    expect(within(dialog).queryByLabelText('Login', { selector: 'input' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Senha atual', { selector: 'input' }), 'Velha-1');
    await userEvent.type(within(dialog).getByLabelText('Nova senha', { selector: 'input' }), 'Nova-Senha-9');
    await userEvent.type(within(dialog).getByLabelText('Confirme a nova senha', { selector: 'input' }), 'Nova-Senha-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/changePassword'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ oldPassword: 'Velha-1', newPassword: 'Nova-Senha-9', confirmPassword: 'Nova-Senha-9' });
  });

  it('offers no password change without the permission', async () => {
    setSession(makeSession({ hasChangePasswordPermission: false }));
    mockFetch({});
    renderApp('/app');
    await screen.findByRole('heading', { name: 'Olá, Maria Souza' });
    expect(screen.queryByRole('button', { name: 'Alterar a Senha' })).not.toBeInTheDocument();
  });
});
