import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';

async function openLogin(path = '/', settings = {}, submitName = 'Entrar') {
  const fetchMock = mockFetch(settings, (url) =>
    url.endsWith('/api/users/authenticate')
      ? jsonResponse({ Message: 'Usuário ou senha inválidos##DETAILEDERROR##req-9' }, 401)
      : jsonResponse({}, 404),
  );
  const view = renderApp(path);
  await screen.findByRole('button', { name: submitName });
  return { ...view, fetchMock };
}

describe('login page', () => {
  it('requires login and password (Obrigatório)', async () => {
    const { fetchMock } = await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('authenticate'))).toBe(false);
  });

  it('says required in English, lower-case as the spec writes it', async () => {
    window.localStorage.setItem('language', 'en');
    await openLogin('/', {}, 'Sign in');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('required')).toHaveLength(2);
    expect(screen.getByLabelText('Password', { exact: false, selector: 'input' })).toBeInTheDocument();
  });

  it('disables the active language button and switches language', async () => {
    await openLogin();
    const pt = screen.getByRole('button', { name: 'PT' });
    const en = screen.getByRole('button', { name: 'EN' });
    expect(pt).toBeDisabled();
    expect(en).toBeEnabled();

    await userEvent.click(en);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'PT' })).toBeEnabled();
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('hides the language buttons when multi-language is off', async () => {
    await openLogin('/', { enableMultiLanguage: false });
    expect(screen.queryByRole('button', { name: 'PT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'EN' })).not.toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    await openLogin();
    const password = screen.getByLabelText(/Senha/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('renders the plugflex split layout with the same form', async () => {
    await openLogin('/', { layout: 'plugflex', brand: 'Plug' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByText('Processos, documentos e equipes em um só lugar.')).toBeInTheDocument();
  });
});
