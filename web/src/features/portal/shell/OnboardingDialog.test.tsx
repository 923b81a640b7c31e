import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OnboardingDialog from './OnboardingDialog';

describe('the portal guide', () => {
  it('walks its steps with Back, Next and Done, and says where things are on a phone too', async () => {
    const onClose = vi.fn();
    render(<OnboardingDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Seus aplicativos' });
    // The Apps button is hidden on a phone, where the logo leads to the desktop.
    expect(dialog).toHaveTextContent('no celular, o logotipo');
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByRole('dialog', { name: 'O menu do aplicativo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('dialog', { name: 'Seus aplicativos' })).toBeInTheDocument();

    for (let i = 0; i < 4; i++) await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    // The avatar's menu has no language entry: the bar's EN/PT button changes it.
    expect(screen.getByRole('dialog', { name: 'Seu perfil' })).toHaveTextContent(
      'o idioma muda no botão EN/PT da barra',
    );
    expect(screen.queryByRole('button', { name: 'Próximo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
