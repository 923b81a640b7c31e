import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import ProfileDialog from './ProfileDialog';

describe('the profile dialog', () => {
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
