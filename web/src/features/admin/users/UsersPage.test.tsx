import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { UserFormInitialData, UserRow } from '../api';

vi.setConfig({ testTimeout: 30_000 });

/** Types a whole value at once (typing key by key into MUI fields is slow in jsdom). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const PATH = '/administration/users/Usuários';

const row = (id: number, name: string, companyName = ''): UserRow => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  companyName,
  login: `u${id}`,
  active: true,
  avatar: '',
});

const INITIAL: UserFormInitialData = {
  companies: [{ id: 3, name: 'Acme Ltda' }],
  groups: [{ id: 5, name: 'Financeiro' }],
  languages: [
    { value: 'pt-br', name: 'Português (Brasil)' },
    { value: 'en', name: 'Inglês' },
  ],
  timesheetTypes: [{ value: '0', name: 'Não registra horas' }],
  autoTimesheetTypes: [{ value: '0', name: 'Manual' }],
  additionalFields: [
    { id: 11, entity: 'user', name: 'Matrícula', type: 'STRING', required: true, options: [], position: 1 },
  ],
  mailConfigured: true,
};

/** The administration's calls; `users` answers getUsers each time it is called. */
function adminFetch(
  users: () => UserRow[],
  other: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
  initial: UserFormInitialData = INITIAL,
) {
  return mockFetch({}, (url, init) => {
    const answer = other(url, init);
    if (answer) return answer;
    if (url.endsWith('/api/user/getUsers')) return jsonResponse(users());
    if (url.includes('/api/user/getUserFormInitialData')) return jsonResponse(initial);
    return jsonResponse({ Message: `unexpected ${url}` }, 500);
  });
}

const bodyOf = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

describe('the user list (spec section 2)', () => {
  it('shows the three columns with their filters and says when no record is found', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    adminFetch(() => [row(1, 'Zélia Prado', 'Acme Ltda'), row(2, 'João Lima', 'Beta')]);
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Usuários' }, { timeout: 10_000 });
    expect(await within(table).findByText('Zélia Prado')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Nome', 'E-mail', 'Empresa']));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(2)
        .map((r) => within(r).queryByText(/Lima|Prado/)?.textContent),
    ).toEqual(['João Lima', 'Zélia Prado']);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument(); // no search box, column filters only

    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar por Empresa' }), 'acme');
    expect(within(table).queryByText('João Lima')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar por E-mail' }), 'ninguem');
    expect(within(table).getByText('Nenhum registro encontrado')).toBeInTheDocument();
    // The count under the table reads naturally at zero ('0 usuário' in pt-BR's singular before).
    expect(await screen.findByText('Nenhum usuário')).toBeInTheDocument();
  });

  it('deletes the selected rows after confirmation, with the users-deleted toast, and reloads', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    let users = [row(1, 'Ana Souza'), row(2, 'Bruno Dias'), row(3, 'Carla Melo')];
    const fetch = adminFetch(
      () => users,
      (url) => {
        if (!url.endsWith('/api/user/deleteUsers')) return undefined;
        users = users.filter((u) => u.id === 1);
        return jsonResponse({ deleted: 2 });
      },
    );
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Usuários' }, { timeout: 10_000 });
    await within(table).findByText('Ana Souza');
    const remove = screen.getByRole('button', { name: 'Excluir' });
    expect(remove).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno Dias' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Carla Melo' }));
    expect(screen.getByText('2 selecionados')).toBeInTheDocument();

    // No answers No: nothing is deleted.
    await userEvent.click(screen.getByRole('button', { name: 'Excluir 2 usuários' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(confirm).toHaveTextContent('Excluir os 2 usuários selecionados?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Não' }));
    expect(bodyOf(fetch, '/api/user/deleteUsers')).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Excluir 2 usuários' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar' })).getByRole('button', { name: 'Sim' }),
    );
    expect(await screen.findByText('Usuários excluídos')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/user/deleteUsers')).toEqual([2, 3]);
    await waitFor(() => expect(within(table).queryByText('Bruno Dias')).not.toBeInTheDocument());
    expect(within(table).getByText('Ana Souza')).toBeInTheDocument();
  });

  it('opens an empty new-user form (id 0, timesheet types 0, empty calendar) and saves it with the user-saved toast', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const fetch = adminFetch(
      () => [row(1, 'Ana Souza')],
      (url, init) => (url.endsWith('/api/user/saveUser') ? jsonResponse(JSON.parse(String(init?.body))) : undefined),
    );
    renderApp(PATH);
    await screen.findByText('Ana Souza', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' }, { timeout: 10_000 });
    expect(await within(dialog).findByText(/senha temporária/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(4); // login, name, e-mail and the required field
    expect(bodyOf(fetch, '/api/user/saveUser')).toBeUndefined();

    fill(within(dialog).getByRole('textbox', { name: 'Login' }), 'bruno');
    fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Bruno Dias');
    fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'bruno@example.test');
    fill(within(dialog).getByRole('textbox', { name: 'Matrícula' }), 'A-1');
    const year = new Date().getFullYear();
    await userEvent.click(within(dialog).getByRole('button', { name: `Feriados nacionais de ${year}` }));
    expect(
      within(dialog).getByText('10 feriados: dias sem expediente, qualquer que seja o dia da semana.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário salvo')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/user/saveUser')).toMatchObject({
      id: 0,
      login: 'bruno',
      name: 'Bruno Dias',
      email: 'bruno@example.test',
      timesheetType: '0',
      autoTimesheetType: '0',
      calendar: {
        workPeriods: [],
        holidays: expect.arrayContaining([{ date: `${year}-04-21`, name: 'Tiradentes' }]) as unknown,
      },
      additionalFields: { '11': 'A-1' },
      resetMFA: false,
      passwordDelivery: 'mail',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo usuário' })).not.toBeInTheDocument());
  });

  it('without a mail server shows the new user’s temporary password once, to hand over', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const fetch = adminFetch(
      () => [row(1, 'Ana Souza')],
      (url, init) =>
        url.endsWith('/api/user/saveUser')
          ? jsonResponse({
              ...(JSON.parse(String(init?.body)) as object),
              id: 9,
              passwordDelivery: 'show',
              temporaryPassword: 'Xq7-kP2m-Rt9w',
            })
          : undefined,
      { ...INITIAL, additionalFields: [], mailConfigured: false },
    );
    renderApp(PATH);
    await screen.findByText('Ana Souza', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' }, { timeout: 10_000 });
    const delivery = within(dialog).getByRole('radiogroup');
    expect(within(delivery).getByRole('radio', { name: 'Enviar por e-mail ao usuário' })).toBeDisabled();
    expect(within(delivery).getByRole('radio', { name: 'Mostrar agora, para eu entregar' })).toBeChecked();
    expect(within(dialog).getByText(/Nenhum servidor de e-mail configurado/)).toBeInTheDocument();

    fill(within(dialog).getByRole('textbox', { name: 'Login' }), 'bruno');
    fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Bruno Dias');
    fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'bruno@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const shown = await screen.findByRole('dialog', { name: 'Senha temporária de Bruno Dias' });
    expect(bodyOf(fetch, '/api/user/saveUser')).toMatchObject({ id: 0, login: 'bruno', passwordDelivery: 'show' });
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('Xq7-kP2m-Rt9w');
    expect(within(shown).getByText('bruno')).toBeInTheDocument();
    expect(within(shown).getByText(/não será mostrada de novo/)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s field messages under the fields', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    adminFetch(
      () => [],
      (url) =>
        url.endsWith('/api/user/saveUser')
          ? jsonResponse(
              {
                Message: 'Já existe um usuário com este login.##DETAILEDERROR##request 1',
                Validations: [{ Field: 'login', Message: 'Já existe um usuário com este login.' }],
              },
              400,
            )
          : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Novo usuário' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' }, { timeout: 10_000 });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Login' }), 'admin');
    fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Outro');
    fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'outro@example.test');
    fill(within(dialog).getByRole('textbox', { name: 'Matrícula' }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Já existe um usuário com este login.')).toBeInTheDocument(); // under the field
    expect(screen.getAllByText('Já existe um usuário com este login.')).toHaveLength(2); // and the toast
    expect(screen.getByRole('dialog', { name: 'Novo usuário' })).toBeInTheDocument();
  });

  it('filters by additional fields on the server', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const fetch = adminFetch(
      () => [row(1, 'Ana Souza')],
      (url) =>
        url.includes('/api/admin/additionalFields?entity=user') ? jsonResponse(INITIAL.additionalFields) : undefined,
    );
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Campos adicionais' }, { timeout: 10_000 }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Matrícula' }), 'A-1');
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([url]) => String(url).endsWith('/api/user/getUsers'))
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toContainEqual({
        additionalFields: { '11': 'A-1' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Campos adicionais (1 filtro)' })).toBeInTheDocument();
  });
});
