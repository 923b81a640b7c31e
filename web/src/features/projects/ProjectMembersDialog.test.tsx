import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { Permissions } from './api';
import { fakeProjectServer, project, renderDialog } from './fakeServer.testing';
import { ProjectMembersDialog } from './ProjectMembersDialog';

vi.setConfig({ testTimeout: 60_000 });

const PERMISSIONS: Permissions = {
  projectId: 5,
  projectName: 'Nova Sede',
  readOnly: false,
  users: [
    { id: 1, name: 'Ana Gerente', login: 'ana', role: 'manager' },
    { id: 7, name: 'Maria Souza', login: 'maria', role: 'member' },
  ],
  groups: [{ id: 3, name: 'Diretoria', role: 'read_only' }],
};

const section = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('region', { name });

describe('the members dialog', () => {
  it('adds a user and a group, changes a role, removes a user, and sends the whole lists', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { bodies } = fakeProjectServer([project(5, 'Nova Sede')], { 5: PERMISSIONS }, (path, body) =>
      path === '/genericItem/saveProjectPermissions' ? jsonResponse({ ...PERMISSIONS, ...body }) : undefined,
    );
    renderDialog(<ProjectMembersDialog projectId={5} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Membros de Nova Sede' });
    expect(within(section(dialog, /Usuários/)).getByText('Ana Gerente')).toBeInTheDocument();
    expect(within(section(dialog, /Grupos/)).getByText('Diretoria')).toBeInTheDocument();

    // Add João as read only.
    await user.click(within(dialog).getByRole('combobox', { name: 'Usuário' }));
    const options = await screen.findAllByRole('option');
    // Those already in the list are not offered again.
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('João Lima')]);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('combobox', { name: 'Papel' }));
    await user.click(await screen.findByRole('option', { name: 'Somente leitura' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(section(dialog, /Usuários/)).getByText('João Lima')).toBeInTheDocument();
    // The focus goes back to the picker, ready for the next one.
    expect(within(dialog).getByRole('combobox', { name: 'Usuário' })).toHaveFocus();

    // Add the group Engenharia as member (the role chosen before stays).
    await user.click(within(dialog).getByRole('button', { name: 'Grupo' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Grupo' }));
    await user.click(await screen.findByRole('option', { name: 'Engenharia' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Papel' }));
    await user.click(await screen.findByRole('option', { name: 'Membro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(section(dialog, /Grupos/)).getByText('Engenharia')).toBeInTheDocument();

    // Maria becomes a manager; Ana leaves, and the focus goes to the next line.
    await user.click(within(dialog).getByRole('combobox', { name: 'Papel de Maria Souza' }));
    await user.click(await screen.findByRole('option', { name: /Gerente/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remover Ana Gerente' }));
    expect(within(dialog).queryByText('Ana Gerente')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remover Maria Souza' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies('/genericItem/saveProjectPermissions')).toEqual([
      {
        projectId: 5,
        users: [
          { id: 7, role: 'manager' },
          { id: 8, role: 'read_only' },
        ],
        groups: [
          { id: 3, role: 'read_only' },
          { id: 4, role: 'member' },
        ],
      },
    ]);
    expect(await screen.findByText('Membros salvos.')).toBeInTheDocument();
  });

  it('shows the server’s refusal when no manager is left, and keeps the dialog open', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    fakeProjectServer([project(5, 'Nova Sede')], { 5: PERMISSIONS }, (path) =>
      path === '/genericItem/saveProjectPermissions'
        ? jsonResponse({ Message: 'O projeto precisa de ao menos um gerente.##DETAILEDERROR##request 9' }, 409)
        : undefined,
    );
    renderDialog(<ProjectMembersDialog projectId={5} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Membros de Nova Sede' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Papel de Ana Gerente' }));
    await user.click(await screen.findByRole('option', { name: /Membro/ }));
    // The dialog says so before the save.
    expect(within(dialog).getByText('Nenhum gerente na lista: o projeto precisa de ao menos um.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O projeto precisa de ao menos um gerente.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a refused line’s message under that line', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    fakeProjectServer([project(5, 'Nova Sede')], { 5: PERMISSIONS }, (path) =>
      path === '/genericItem/saveProjectPermissions'
        ? jsonResponse(
            {
              Message: 'O usuário 7 não é um usuário ativo.',
              Validations: [{ Field: 'users[1].id', Message: 'O usuário 7 não é um usuário ativo.' }],
            },
            400,
          )
        : undefined,
    );
    renderDialog(<ProjectMembersDialog projectId={5} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Membros de Nova Sede' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const line = (await within(dialog).findByText('Maria Souza')).closest('li')!;
    expect(await within(line).findByText('O usuário 7 não é um usuário ativo.')).toBeInTheDocument();
  });

  it('only shows the members to a caller who may not change them', async () => {
    setSession(makeSession());
    fakeProjectServer([project(5, 'Nova Sede')], { 5: { ...PERMISSIONS, readOnly: true } });
    renderDialog(<ProjectMembersDialog projectId={5} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Membros de Nova Sede' });
    expect(
      within(dialog).getByText(
        'Você pode consultar os membros; só um gerente do projeto ou um administrador pode mudá-los.',
      ),
    ).toBeInTheDocument();
    const users = section(dialog, /Usuários/);
    expect(within(users).getByText('Gerente')).toBeInTheDocument();
    expect(within(users).getByText('Membro')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });
});
