import { useEffect, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../app/session';
import type { Grecaptcha } from '../../components/recaptchaScript';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { authenticateResponse, loginResultFor, makeSession } from '../../test/session';

vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({
    children,
    onLoadSuccess,
  }: {
    children: ReactNode;
    onLoadSuccess: (pdf: { numPages: number }) => void;
  }) => {
    useEffect(() => onLoadSuccess({ numPages: 2 }), [onLoadSuccess]);
    return <div data-testid="pdf">{children}</div>;
  },
  Page: ({ pageNumber, scale }: { pageNumber: number; scale: number }) => (
    <div data-testid="pdf-page">
      page {pageNumber} at {scale}
    </div>
  ),
}));

// These walk whole dialogs with typing: slower than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:terms') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function bodies(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
}

async function openLogin(handler: Handler, settings = {}, path = '/') {
  const fetchMock = mockFetch(settings, handler);
  const view = renderApp(path);
  await screen.findByRole('button', { name: 'Entrar' });
  return { ...view, fetchMock };
}

async function submit(login = 'maria', password = 'Velha-Senha-1') {
  await userEvent.type(screen.getByLabelText(/Login/, { selector: 'input' }), login);
  await userEvent.type(screen.getByLabelText(/Senha/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('expired password (failReason 2)', () => {
  const expired = () =>
    authenticateResponse({ success: false, failReason: 2, message: 'Sua senha expirou ou precisa ser alterada.' });

  it('offers a change, validates the dialog, changes the password and signs in with the new one', async () => {
    const session = makeSession();
    const { fetchMock, router } = await openLogin((url, init) => {
      if (url.endsWith('/users/changeExpiredPassword')) return jsonResponse({ Message: 'Senha alterada com sucesso' });
      const body = JSON.parse(String(init!.body)) as { Password: string };
      return body.Password === 'Nova-Senha-Forte-9' ? authenticateResponse(loginResultFor(session)) : expired();
    });
    await submit();

    const confirm = await screen.findByRole('dialog', { name: 'Senha expirada' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Alterar senha' }));

    const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
    expect(within(dialog).getByLabelText('Login', { selector: 'input' })).toHaveValue('maria');
    expect(within(dialog).getByLabelText('Senha atual', { selector: 'input' })).toHaveValue('Velha-Senha-1');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);

    await userEvent.type(within(dialog).getByLabelText('Nova senha', { selector: 'input' }), 'Nova-Senha-Forte-9');
    await userEvent.type(within(dialog).getByLabelText('Confirme a nova senha', { selector: 'input' }), 'outra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));
    expect(await within(dialog).findByText('As senhas não são iguais')).toBeInTheDocument();
    expect(bodies(fetchMock, '/users/changeExpiredPassword')).toHaveLength(0);

    const confirmField = within(dialog).getByLabelText('Confirme a nova senha', { selector: 'input' });
    await userEvent.clear(confirmField);
    await userEvent.type(confirmField, 'Nova-Senha-Forte-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));

    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(bodies(fetchMock, '/users/changeExpiredPassword')).toEqual([
      {
        login: 'maria',
        oldPassword: 'Velha-Senha-1',
        newPassword: 'Nova-Senha-Forte-9',
        confirmPassword: 'Nova-Senha-Forte-9',
      },
    ]);
    expect(bodies(fetchMock, '/users/authenticate').at(-1)).toMatchObject({
      UserName: 'maria',
      Password: 'Nova-Senha-Forte-9',
    });
    expect(getSession()).toEqual(session);
  });

  it('keeps the error toast of the dialog until the next attempt, and shows the field messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openLogin((url) =>
        url.endsWith('/users/changeExpiredPassword')
          ? jsonResponse(
              {
                Message: 'Esta senha é muito comum. Escolha outra.',
                Validations: [{ Field: 'newPassword', Message: 'Esta senha é muito comum. Escolha outra.' }],
              },
              400,
            )
          : expired(),
      );
      await submit();
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Senha expirada' })).getByRole('button', {
          name: 'Alterar senha',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Alterar a Senha' });
      await userEvent.type(within(dialog).getByLabelText('Nova senha', { selector: 'input' }), 'password123');
      await userEvent.type(
        within(dialog).getByLabelText('Confirme a nova senha', { selector: 'input' }),
        'password123',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar' }));

      // The field message and the toast (outside the dialog, hidden from the accessibility tree while it is open).
      const text = 'Esta senha é muito comum. Escolha outra.';
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
      expect(await screen.findAllByText(text)).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(10_000)); // past the 6 s of other toasts
      expect(screen.getAllByText(text)).toHaveLength(2);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryAllByText(text)).toHaveLength(0));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(getSession()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing more when the user declines the change', async () => {
    const { fetchMock } = await openLogin(expired);
    await submit();
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Senha expirada' })).getByRole('button', { name: 'Agora não' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies(fetchMock, '/users/authenticate')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
  });
});

describe('terms of use', () => {
  function termsServer(session = makeSession()) {
    return (url: string) => {
      if (url.endsWith('/users/authenticate'))
        return authenticateResponse(loginResultFor(session, { userAgreedTermsOfUse: false }));
      if (url.endsWith('/users/getTermsOfUse'))
        return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      if (url.endsWith('/users/acceptTermsOfUse')) return jsonResponse({ accepted: true, version: 1 });
      return jsonResponse({ Message: 'unexpected' }, 500);
    };
  }

  it('shows the PDF at scale 0.9 with a download link; the agree box must be ticked; accepting records it and signs in', async () => {
    const session = makeSession();
    const { fetchMock, router } = await openLogin(termsServer(session), { requireTermsOfUse: true });
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Termo de uso' });
    expect(await within(dialog).findAllByTestId('pdf-page')).toHaveLength(2);
    expect(within(dialog).getAllByTestId('pdf-page')[0]).toHaveTextContent('page 1 at 0.9');
    expect(within(dialog).getByRole('link', { name: /Baixar PDF/ })).toHaveAttribute('href', 'blob:terms');
    expect(within(dialog).getByRole('link', { name: /Baixar PDF/ })).toHaveAttribute('download', 'termo-de-uso.pdf');

    const accept = within(dialog).getByRole('button', { name: 'Continuar' });
    expect(accept).toBeDisabled();
    expect(getSession()).toBeNull(); // not before the terms are accepted
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Li e concordo com o termo de uso' }));
    expect(accept).toBeEnabled();
    await userEvent.click(accept);

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/users/acceptTermsOfUse'))!;
    expect(new Headers(call[1]!.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(JSON.parse(String(call[1]!.body))).toEqual({ accept: true, userId: 7, browserInfo: navigator.userAgent });
    expect(getSession()).toEqual(session);
  });

  it.each([
    ['declining', 'Recusar'],
    ['closing', 'Fechar'],
  ])('%s fails the sign-in with the mandatory-acceptance message', async (_, button) => {
    const { fetchMock, router } = await openLogin(termsServer(), { requireTermsOfUse: true });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Termo de uso' });
    await userEvent.click(within(dialog).getByRole('button', { name: button }));

    expect(await screen.findByText('Para conseguir acessar é obrigatório aceitar o termo de uso')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() =>
      expect(bodies(fetchMock, '/users/acceptTermsOfUse')).toEqual([
        { accept: false, userId: 7, browserInfo: navigator.userAgent },
      ]),
    );
  });

  it('is not shown when the platform does not require the terms', async () => {
    const { router } = await openLogin(termsServer(), { requireTermsOfUse: false });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});

describe('reCAPTCHA', () => {
  function fakeGrecaptcha() {
    let params: Parameters<Grecaptcha['render']>[1] | undefined;
    const api = {
      render: vi.fn((container: HTMLElement, parameters: Parameters<Grecaptcha['render']>[1]) => {
        params = parameters;
        container.textContent = 'recaptcha widget';
        return 4;
      }),
      reset: vi.fn(),
    };
    window.grecaptcha = api;
    return {
      api,
      solve: (token: string) => act(() => params!.callback(token)),
      expire: () => act(() => params!['expired-callback']()),
    };
  }

  beforeEach(() => {
    delete window.grecaptcha;
  });

  it('keeps the submit disabled until solved, sends the token, and disables again on expiry', async () => {
    const recaptcha = fakeGrecaptcha();
    const { fetchMock } = await openLogin(
      () => authenticateResponse({ success: false, failReason: 1, message: 'Login ou senha inválidos.' }),
      {
        enableRecaptcha: true,
        recaptchaSiteKey: 'site-key-1',
      },
    );
    await waitFor(() => expect(recaptcha.api.render).toHaveBeenCalled());
    expect(recaptcha.api.render.mock.calls[0]![1]).toMatchObject({ sitekey: 'site-key-1', hl: 'pt-BR' });

    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toBeDisabled();
    recaptcha.solve('tok-1');
    expect(button).toBeEnabled();
    recaptcha.expire();
    expect(button).toBeDisabled();
    recaptcha.solve('tok-2');

    await submit();
    expect(await screen.findByText('Login ou senha inválidos.')).toBeInTheDocument();
    expect(bodies(fetchMock, '/users/authenticate')).toEqual([
      { UserName: 'maria', Password: 'Velha-Senha-1', recaptchaToken: 'tok-2', encrypt: false },
    ]);
    // The token was spent: the widget is reset and the button waits for a new one.
    expect(recaptcha.api.reset).toHaveBeenCalledWith(4);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled());
  });

  it('is not rendered when the platform does not enable it', async () => {
    const recaptcha = fakeGrecaptcha();
    await openLogin(() => jsonResponse({}), { enableRecaptcha: false });
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(recaptcha.api.render).not.toHaveBeenCalled();
  });

  it('loads Google’s script when grecaptcha is not there yet, and says so when it cannot', async () => {
    await openLogin(() => jsonResponse({}), { enableRecaptcha: true, recaptchaSiteKey: 'k' });
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src^="https://www.google.com/recaptcha/api.js"]',
    );
    expect(script).not.toBeNull();
    expect(script!.src).toContain('render=explicit');
    act(() => script!.onerror?.(new Event('error')));
    expect(await screen.findByText(/Não foi possível carregar o reCAPTCHA/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  });
});
