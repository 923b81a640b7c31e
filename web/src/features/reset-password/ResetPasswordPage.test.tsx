import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';

const SENT =
  'Se o login estiver cadastrado com um e-mail, enviamos para ele um link para criar uma nova senha, válido por 1 hora.';

describe('/reset-password', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('requires the login (Obrigatório)', async () => {
    const fetchMock = mockFetch({});
    renderApp('/reset-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Enviar link' }));
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
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));

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
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
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

const INVALID = 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo.';

describe('/reset-password?token= (the mailed link)', () => {
  it('sets the new password with the token, then goes to the login', async () => {
    const fetchMock = mockFetch({}, (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { newPassword: string };
      if (body.newPassword === 'senha@123') {
        return jsonResponse(
          {
            Message: 'Esta senha é muito comum. Escolha outra.',
            Validations: [{ Field: 'newPassword', Message: 'Esta senha é muito comum. Escolha outra.' }],
          },
          400,
        );
      }
      return jsonResponse({ Message: 'Senha alterada com sucesso' });
    });
    const { router } = renderApp('/reset-password?token=abc_DEF-123');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Criar uma nova senha' })).toBeInTheDocument();
    const password = screen.getByLabelText('Nova senha', { selector: 'input' });
    const confirm = screen.getByLabelText('Confirme a nova senha', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);

    await user.click(password);
    await user.paste('senha@123');
    await user.click(confirm);
    await user.paste('senha@124');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByText('As senhas não são iguais')).toBeInTheDocument();

    await user.clear(confirm);
    await user.click(confirm);
    await user.paste('senha@123');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByText('Esta senha é muito comum. Escolha outra.')).toBeInTheDocument();

    await user.clear(password);
    await user.click(password);
    await user.paste('Nova-Senha-Boa-7');
    await user.clear(confirm);
    await user.click(confirm);
    await user.paste('Nova-Senha-Boa-7');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/users/resetPasswordByLink'));
    expect(JSON.parse(String(calls.at(-1)![1]!.body))).toEqual({
      token: 'abc_DEF-123',
      newPassword: 'Nova-Senha-Boa-7',
      confirmPassword: 'Nova-Senha-Boa-7',
    });
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    mockFetch({}, () => jsonResponse({ Message: INVALID, Validations: [{ Field: 'token', Message: INVALID }] }, 400));
    const { router } = renderApp('/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha', { selector: 'input' }), 'Nova-Senha-Boa-7');
    await user.type(screen.getByLabelText('Confirme a nova senha', { selector: 'input' }), 'Nova-Senha-Boa-7');
    await user.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    await user.click(screen.getByRole('link', { name: 'Pedir um novo link' }));
    expect(await screen.findByRole('heading', { name: 'Esqueceu a senha?' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
