import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { loginResultFor, makeSession, makeToken } from '../../test/session';

vi.setConfig({ testTimeout: 15_000 });

const pending = (change = {}) =>
  makeSession({
    token: makeToken({ mfa: false }),
    platformMFAEnabled: true,
    userMFAEnabled: true,
    mfaAuthenticated: false,
    ...change,
  });
const complete = makeSession({
  token: makeToken({ mfa: true }),
  platformMFAEnabled: true,
  userMFAEnabled: true,
  mfaAuthenticated: true,
});

function bodies(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
}

describe('/validateMFA', () => {
  it('asks for the six-digit code with autofocus and signs in with it', async () => {
    const session = pending();
    setSession(session);
    const fetchMock = mockFetch({}, (url) =>
      url.endsWith('/users/validateMFA') ? jsonResponse(loginResultFor(complete)) : jsonResponse({}, 404),
    );
    const { router } = renderApp('/validateMFA?next=%2Fruntime%2F4');

    expect(await screen.findByRole('heading', { name: 'Autenticação em duas etapas' })).toBeInTheDocument();
    const code = screen.getByLabelText('Código de 6 dígitos', { selector: 'input' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('maxLength', '6');

    await userEvent.type(code, '12a3');
    expect(code).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    expect(await screen.findByText('O código deve ter 6 dígitos')).toBeInTheDocument();
    expect(bodies(fetchMock, '/users/validateMFA')).toHaveLength(0);

    await userEvent.type(code, '4567');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/4'));
    expect(bodies(fetchMock, '/users/validateMFA')).toEqual([{ logonresult: session, userCode: '123456' }]);
    expect(getSession()).toEqual(complete);
  });

  it('shows the login-failed notification for a wrong code and stays', async () => {
    setSession(pending());
    mockFetch({}, () =>
      jsonResponse({ success: false, failReason: 5, message: 'Código inválido.', loggedUser: null, token: '' }),
    );
    const { router } = renderApp('/validateMFA');
    await userEvent.type(await screen.findByLabelText('Código de 6 dígitos', { selector: 'input' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    expect(await screen.findByText('Código inválido.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/validateMFA');
    expect(getSession()?.mfaAuthenticated).toBe(false);
  });

  it('returns to the login page after the fifth wrong code', async () => {
    setSession(pending());
    mockFetch({}, () =>
      jsonResponse({ success: false, failReason: 6, message: 'Tentativas esgotadas. Entre novamente.' }),
    );
    const { router } = renderApp('/validateMFA?next=%2Fapp%2Fx');
    await userEvent.type(await screen.findByLabelText('Código de 6 dígitos', { selector: 'input' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    expect(await screen.findByText('Tentativas esgotadas. Entre novamente.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?next=%2Fapp%2Fx');
    expect(getSession()).toBeNull();
  });

  it('returns to the login page when the second factor is locked', async () => {
    const locked = 'Código de verificação bloqueado por excesso de tentativas. Tente novamente em 15 minutos.';
    setSession(pending());
    mockFetch({}, () => jsonResponse({ success: false, failReason: 3, message: locked }));
    const { router } = renderApp('/validateMFA');
    await userEvent.type(await screen.findByLabelText('Código de 6 dígitos', { selector: 'input' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    expect(await screen.findByText(locked)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
  });

  it('cancel logs out, removes the stored session and returns to / with next', async () => {
    const session = pending();
    setSession(session);
    const fetchMock = mockFetch({}, () => new Response(null, { status: 204 }));
    const { router } = renderApp('/validateMFA?next=%2Fruntime%2F4');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?next=%2Fruntime%2F4');
    expect(getSession()).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/users/logout'));
    expect(new Headers(logout![1]!.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('sends a visitor without a session to the login page', async () => {
    mockFetch({});
    const { router } = renderApp('/validateMFA?next=%2Fruntime%2F4');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.search).toBe('?next=%2Fruntime%2F4');
  });
});

describe('/enableMFA', () => {
  it('loads the secret and the 250x250 QR code on opening, and enrols with the first code', async () => {
    const session = pending({ userMFAEnabled: false });
    setSession(session);
    const fetchMock = mockFetch({}, (url) => {
      if (url.endsWith('/users/getMFAData'))
        return jsonResponse({ qrcode: 'data:image/png;base64,iVBORw0KGgo=', code: 'JBSWY3DPEHPK3PXPJBSWY3DP' });
      if (url.endsWith('/users/registerUserMFA')) return jsonResponse(loginResultFor(complete));
      return jsonResponse({}, 404);
    });
    const { router } = renderApp('/enableMFA');

    expect(await screen.findByRole('heading', { name: 'Ative a autenticação em duas etapas' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code para configurar o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(qr).toHaveAttribute('width', '250');
    expect(qr).toHaveAttribute('height', '250');
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    const getMfaData = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/users/getMFAData'))!;
    expect(new Headers(getMfaData[1]!.headers).get('Authorization')).toBe(`Bearer ${session.token}`);

    await userEvent.type(screen.getByLabelText('Código de 6 dígitos', { selector: 'input' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(bodies(fetchMock, '/users/registerUserMFA')).toEqual([{ logonresult: session, userCode: '654321' }]);
    expect(getSession()).toEqual(complete);
    expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
  });

  it('shows the login-failed notification when the code is refused', async () => {
    setSession(pending({ userMFAEnabled: false }));
    mockFetch({}, (url) =>
      url.endsWith('/users/getMFAData')
        ? jsonResponse({ qrcode: 'data:image/png;base64,AA==', code: 'ABCD' })
        : jsonResponse({ success: false, failReason: 5, message: 'Código inválido.' }),
    );
    renderApp('/enableMFA');
    await screen.findByRole('img', { name: /QR code/ });
    await userEvent.type(screen.getByLabelText('Código de 6 dígitos', { selector: 'input' }), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar o código' }));
    expect(await screen.findByText('Código inválido.')).toBeInTheDocument();
  });

  it('goes to validation when the user is already enrolled', async () => {
    setSession(pending());
    mockFetch({});
    const { router } = renderApp('/enableMFA?next=%2Fapp');
    expect(await screen.findByRole('heading', { name: 'Autenticação em duas etapas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/validateMFA');
  });
});
