import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../test/session';
import { UserMenu } from './UserMenu';

describe('the user menu', () => {
  it('shows the name and e-mail, and says which presence status is chosen', async () => {
    render(
      <SnackbarProvider>
        <UserMenu session={makeSession()} />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menu de Maria Souza' }));
    expect(screen.getByText('maria@example.com')).toHaveAttribute('title', 'maria@example.com');
    expect(screen.getByRole('menuitemradio', { name: 'Disponível' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Ocupado' }));
    expect(screen.getByRole('menuitemradio', { name: 'Ocupado' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Disponível' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitem', { name: 'Alterar a Senha' })).toBeInTheDocument();
  });

  it('has no change-password entry without the permission', async () => {
    render(
      <SnackbarProvider>
        <UserMenu session={makeSession({ hasChangePasswordPermission: false })} />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menu de Maria Souza' }));
    expect(screen.getByRole('menuitem', { name: 'Editar o perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Alterar a Senha' })).not.toBeInTheDocument();
  });
});
