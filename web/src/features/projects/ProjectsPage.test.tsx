import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { APP_PATH, fakeProjectServer, project } from './fakeServer.testing';

vi.setConfig({ testTimeout: 60_000 });

const PATH = `${APP_PATH}/projects/Projetos`;

const PROJECTS = [
  project(1, 'Transformação Digital', {
    code: 'TD-01',
    startDate: '2026-02-01',
    finishDate: '2026-12-15',
    canEdit: false,
  }),
  project(2, 'Nova Sede', { managerId: 7, managerName: 'Maria Souza' }),
  project(3, 'Implantação do ERP', { status: 'archived' }),
];

async function table() {
  return screen.findByRole('table', { name: 'Projetos' }, { timeout: 20_000 });
}

const names = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('the projects list', () => {
  it('shows the active projects with their columns, each name linking to its project page', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const { bodies } = fakeProjectServer(PROJECTS);
    renderApp(PATH);
    const list = await table();
    await waitFor(() => expect(names(list)).toEqual(['Transformação Digital', 'Nova Sede']));
    expect(bodies('/project/listProjects')[0]).toEqual({ status: 'active' });
    expect(within(list).getByRole('link', { name: 'Transformação Digital' })).toHaveAttribute(
      'href',
      `${APP_PATH}/project/1/Transforma%C3%A7%C3%A3o%20Digital`,
    );
    const row = within(list).getByRole('link', { name: 'Transformação Digital' }).closest('tr')!;
    expect(within(row).getByText('TD-01')).toBeInTheDocument();
    expect(within(row).getByText('01/02/2026')).toBeInTheDocument();
    expect(within(row).getByText('15/12/2026')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(within(row).getByText('1 pessoa')).toBeInTheDocument();
    expect(screen.getByText('2 projetos')).toBeInTheDocument();
  });

  it('filters by status and by text, and says when nothing matches', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeProjectServer(PROJECTS);
    renderApp(PATH);
    const list = await table();
    await within(list).findByText('Nova Sede');

    const filter = screen.getByRole('group', { name: 'Situação dos projetos' });
    await user.click(within(filter).getByRole('button', { name: 'Arquivados' }));
    await waitFor(() => expect(names(list)).toEqual(['Implantação do ERP']));
    expect(within(list).getByText('Arquivado')).toBeInTheDocument();
    await user.click(within(filter).getByRole('button', { name: 'Todos' }));
    await waitFor(() => expect(names(list)).toHaveLength(3));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou código' }), 'td-0');
    await waitFor(() => expect(names(list)).toEqual(['Transformação Digital']));
    expect(bodies('/project/listProjects').at(-1)).toEqual({ status: 'all', text: 'td-0' });

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nome ou código' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou código' }), 'xyz');
    expect(await within(list).findByText('Nenhum projeto encontrado para “xyz”.')).toBeInTheDocument();
    expect(names(list)).toEqual([]);
  });

  it('offers "Novo projeto" to a panel administrator only', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    fakeProjectServer([]);
    const first = renderApp(PATH);
    const list = await table();
    expect(await within(list).findByText('Nenhum projeto ativo.')).toBeInTheDocument();
    expect(within(list).getByText('Crie o primeiro em “Novo projeto”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo projeto' }));
    expect(await screen.findByRole('dialog', { name: 'Novo projeto' })).toBeInTheDocument();
    first.unmount();

    // isAdministratorLogged opens the administration but does not create projects (the server's rule).
    setSession(makeSession({ isAdministratorLogged: true }));
    fakeProjectServer([]);
    renderApp(PATH);
    const again = await table();
    expect(await within(again).findByText('Nenhum projeto ativo.')).toBeInTheDocument();
    expect(within(again).queryByText('Crie o primeiro em “Novo projeto”.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo projeto' })).not.toBeInTheDocument();
  });

  it('offers Editar where the server says the caller may (canEdit), and Membros on every one', async () => {
    setSession(makeSession()); // Maria Souza, id 7
    fakeProjectServer(PROJECTS);
    renderApp(PATH);
    const list = await table();
    await within(list).findByText('Nova Sede');
    expect(screen.getByRole('button', { name: 'Editar Nova Sede' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Transformação Digital' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Membros de Transformação Digital' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Membros de Nova Sede' })).toBeInTheDocument();
  });
});
