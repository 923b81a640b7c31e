import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/renderApp';
import ProfileDialog from './ProfileDialog';

const MARIA = { id: 7, name: 'Maria Souza', email: 'maria@example.com', avatar: '' };

function renderDialog(onClose = () => undefined) {
  return render(
    <SnackbarProvider>
      <ProfileDialog user={MARIA} onClose={onClose} />
    </SnackbarProvider>,
  );
}

describe('the profile dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the current password ('Senha atual') only when the e-mail changes, and sends it", async () => {
    const bodies: unknown[] = [];
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { currentPassword?: string; email: string; name: string };
      bodies.push(body);
      if (body.currentPassword !== 'Senha-Certa-1') {
        return jsonResponse(
          {
            Message: 'A senha atual não confere.',
            Validations: [{ Field: 'currentPassword', Message: 'A senha atual não confere.' }],
          },
          400,
        );
      }
      return jsonResponse({ name: body.name, email: body.email, avatar: '', Message: 'ok' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderDialog(onClose);
    const user = userEvent.setup();
    expect(screen.queryByLabelText(/Senha atual/)).not.toBeInTheDocument();

    // Only the case differs: the same address, no password asked.
    const email = screen.getByLabelText(/E-mail/);
    await user.clear(email);
    await user.paste('Maria@Example.com');
    expect(screen.queryByLabelText(/Senha atual/)).not.toBeInTheDocument();

    await user.clear(email);
    await user.paste('maria@elsewhere.example');
    const password = screen.getByLabelText(/Senha atual/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('Para mudar o e-mail, confirme a sua senha.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(password, 'errada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A senha atual não confere.', { selector: 'p' })).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.paste('Senha-Certa-1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies.at(-1)).toMatchObject({ email: 'maria@elsewhere.example', currentPassword: 'Senha-Certa-1' });
  });

  it('sends no password when the e-mail stays', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { email: string; name: string };
      return jsonResponse({ name: body.name, email: body.email, avatar: '', Message: 'ok' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderDialog(onClose);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Nome/), ' Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toEqual({ name: 'Maria Souza Lima', email: 'maria@example.com', avatar: '' });
  });

  it('says which preset avatar is chosen, and clears it', async () => {
    render(
      <SnackbarProvider>
        <ProfileDialog
          user={{ id: 7, name: 'Maria Souza', email: 'maria@example.com', avatar: '' }}
          onClose={() => undefined}
        />
      </SnackbarProvider>,
    );
    const third = screen.getByRole('button', { name: 'Avatar 3' });
    expect(third).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(third);
    expect(third).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Avatar 1' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(third).toHaveAttribute('aria-pressed', 'false');
  });
});
