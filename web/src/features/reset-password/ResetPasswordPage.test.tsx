import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';

const SENT = 'Se o login estiver cadastrado com um e-mail, enviamos para ele uma senha temporária, válida por 1 hora.';

describe('/reset-password', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('requires the login (Obrigatório)', async () => {
    const fetchMock = mockFetch({});
    renderApp('/reset-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Enviar nova senha' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/users/resetPassword'))).toBe(false);
  });

  it('posts the login, shows the mail-sent message with the returned text, and goes to / after 3 s', async () => {
    const fetchMock = mockFetch(
      {},
      () => new Response(SENT, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    );
    const { router } = renderApp('/reset-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Login', { selector: 'input' }), ' maria ');
    await user.click(screen.getByRole('button', { name: 'Enviar nova senha' }));

    expect(await screen.findByText(`Solicitação enviada. ${SENT}`)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/resetPassword'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ UserName: 'maria' });

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the error and stays when the request fails', async () => {
    mockFetch({}, () =>
      jsonResponse({ Message: 'O envio de e-mail não está configurado. Procure o administrador.' }, 503),
    );
    const { router } = renderApp('/reset-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Login', { selector: 'input' }), 'maria');
    await user.click(screen.getByRole('button', { name: 'Enviar nova senha' }));
    expect(
      await screen.findByText('O envio de e-mail não está configurado. Procure o administrador.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('is reached from the login page', async () => {
    mockFetch({});
    const { router } = renderApp('/');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('link', { name: 'Esqueceu a senha?' }));
    expect(await screen.findByRole('heading', { name: 'Esqueceu a senha?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
