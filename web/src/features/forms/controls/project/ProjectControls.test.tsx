import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/renderApp';
import { makeSession } from '../../../../test/session';
import { demoInitialData } from '../../testing/demoForm';
import type { FormControl, FormInitialData } from '../../types';
import type { Permissions, Project, TypeWorkflow } from './api';
import { monthsAhead } from './calendarWork';

// The five project controls: what they show of the form's project, what they send, and who may change.

const project = (more: Partial<Project> = {}): Project => ({
  id: 1,
  name: 'Transformação Digital',
  code: 'TD',
  description: 'Migrar os sistemas',
  startDate: '2026-01-05',
  finishDate: '2026-12-18',
  status: 'active',
  managerId: 3,
  managerName: 'Ana',
  calendarId: 40,
  calendarName: 'Escritório',
  canEdit: true,
  itemTypes: [],
  ...more,
});

const week = [1, 2, 3, 4, 5].flatMap((weekDay) => [
  { weekDay, start: '08:00', end: '12:00' },
  { weekDay, start: '13:00', end: '17:00' },
]);

function formWith(control: FormControl, item: Record<string, unknown> = demoInitialData.item): FormInitialData {
  return {
    ...demoInitialData,
    item,
    form: { ...demoInitialData.form, controls: { kind: 'panel', children: [control] } },
  };
}

type Answer = (body: Record<string, unknown>, query: URLSearchParams) => Response;

function serve(data: FormInitialData, answers: Record<string, Answer>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  mockFetch({}, (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname.replace(/^\/api\/(genericItem|project|resource)\//, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    if (path === 'getFormInitialData') return jsonResponse(data);
    const answer = answers[path];
    return answer ? answer(body, parsed.searchParams) : jsonResponse([]);
  });
  return calls;
}

async function section(name: string) {
  await screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });
  return screen.findByRole('region', { name });
}

beforeEach(() => setSession(makeSession()));
afterEach(() => vi.unstubAllGlobals());

describe('a work calendar over the next months', () => {
  it('counts the working days and hours of each month by the week', () => {
    const months = monthsAhead(week, new Date(2026, 1, 10), 2);
    // February 2026 has 20 weekdays, March 22.
    expect(months.map((m) => [m.month.getMonth(), m.days, m.minutes / 60])).toEqual([
      [1, 20, 160],
      [2, 22, 176],
    ]);
  });
});

describe('the project controls', { timeout: 30_000 }, () => {
  it('says plainly when the item has no project, and calls nothing about one', async () => {
    const calls = serve(formWith({ kind: 'project calendar' }, { ...demoInitialData.item, ProjectID: null }), {});
    renderApp('/editItem/1/501/1');
    const region = await section('Calendário do projeto');
    expect(region).toHaveTextContent('Este item não pertence a um projeto');
    expect(region).not.toHaveTextContent('Ainda não disponível');
    expect(calls.some((c) => c.path === 'loadProject')).toBe(false);
  });

  it('shows the calendar read-only to whoever may not change the project', async () => {
    serve(formWith({ kind: 'project calendar', label: 'Agenda' }), {
      loadProject: () => jsonResponse(project({ canEdit: false })),
      getResourcetoEdit: (_body, query) =>
        query.get('resourceId') === '40'
          ? jsonResponse({ name: 'Escritório', calendar: { workPeriods: week } })
          : jsonResponse({ Message: 'not found' }, 404),
    });
    renderApp('/editItem/1/501/1');
    const region = await section('Agenda');
    expect(within(region).getByText('Escritório')).toBeInTheDocument();
    const table = await within(region).findByRole('table', { name: 'Semana de trabalho' });
    expect(within(table).getAllByRole('row')[0]).toHaveTextContent('Segunda-feira08:00–12:00, 13:00–17:008 h');
    expect(within(table).getAllByRole('row')[5]).toHaveTextContent('SábadoSem expediente');
    expect(within(table).getByText('40 h')).toBeInTheDocument();
    expect(within(region).getAllByText(/dias úteis/)).toHaveLength(3);
    expect(within(region).queryByRole('combobox')).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Só um gerente do projeto ou um administrador pode alterar.');
  });

  it('lets a manager choose another calendar and saves only that', async () => {
    let current = project();
    const calls = serve(formWith({ kind: 'project calendar' }), {
      loadProject: () => jsonResponse(current),
      getResourcetoEdit: () => jsonResponse({ name: 'x', calendar: { workPeriods: week } }),
      loadCalendars: () =>
        jsonResponse([
          { id: 40, name: 'Escritório', weeklyMinutes: 2400, periods: 10 },
          { id: 41, name: 'Obra', weeklyMinutes: 2640, periods: 6 },
        ]),
      updateProject: (body) => {
        current = project({ calendarId: Number(body.calendarId), calendarName: 'Obra' });
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup();
    renderApp('/editItem/1/501/1');
    const region = await section('Calendário do projeto');
    const picker = await within(region).findByRole('combobox', { name: 'Calendário de trabalho' });
    expect(picker).toHaveValue('Escritório');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Obra/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'updateProject')?.body).toEqual({ projectId: 1, calendarId: 41 }),
    );
    await waitFor(() => expect(picker).toHaveValue('Obra'));
    expect(await screen.findByText('Projeto alterado.')).toBeInTheDocument();
  });

  it('shows the settings to a plain member without a way to change them', async () => {
    serve(formWith({ kind: 'project configuration' }), {
      loadProject: () => jsonResponse(project({ canEdit: false })),
    });
    renderApp('/editItem/1/501/1');
    const region = await section('Configuração do projeto');
    await within(region).findByText('TD');
    expect(region).toHaveTextContent('Ana');
    expect(region).toHaveTextContent('05/01/2026');
    expect(region).toHaveTextContent('18/12/2026');
    expect(region).toHaveTextContent('Ativo');
    expect(region).toHaveTextContent('Migrar os sistemas');
    expect(within(region).queryByRole('button', { name: 'Alterar a configuração' })).not.toBeInTheDocument();
  });

  it('sends only the settings a manager changed, and shows the server refusing one on its field', async () => {
    const calls = serve(formWith({ kind: 'project configuration' }), {
      loadProject: () => jsonResponse(project()),
      updateProject: (body) =>
        body.code === 'EM USO'
          ? jsonResponse(
              {
                Message: 'O código "EM USO" já é usado por outro projeto.',
                Validations: [{ Field: 'code', Message: 'O código "EM USO" já é usado por outro projeto.' }],
              },
              409,
            )
          : jsonResponse(project({ code: String(body.code), description: String(body.description) })),
    });
    const user = userEvent.setup();
    renderApp('/editItem/1/501/1');
    const region = await section('Configuração do projeto');
    await user.click(await within(region).findByRole('button', { name: 'Alterar a configuração' }));
    const code = within(region).getByRole('textbox', { name: 'Código' });
    await user.clear(code);
    await user.paste('EM USO');
    await user.click(within(region).getByRole('button', { name: 'Salvar a configuração' }));
    expect(await within(region).findByText('O código "EM USO" já é usado por outro projeto.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'updateProject').at(-1)?.body).toEqual({ projectId: 1, code: 'EM USO' });

    await user.clear(code);
    await user.paste('TD-2');
    const description = within(region).getByRole('textbox', { name: 'Descrição' });
    await user.clear(description);
    await user.paste('Novo escopo');
    await user.click(within(region).getByRole('button', { name: 'Salvar a configuração' }));
    await within(region).findByText('TD-2');
    expect(calls.filter((c) => c.path === 'updateProject').at(-1)?.body).toEqual({
      projectId: 1,
      code: 'TD-2',
      description: 'Novo escopo',
    });
    expect(region).toHaveTextContent('Novo escopo');
  });

  it('lists the allowed item types and lets a manager change them', async () => {
    let current = project({ itemTypes: [{ id: 5, name: 'Tarefa' }] });
    const calls = serve(formWith({ kind: 'project item type' }), {
      loadProject: () => jsonResponse(current),
      getAllowedsProjectItemTypes: () =>
        jsonResponse([
          { id: 5, key: 'task', name: 'Tarefa', applicationID: 1 },
          { id: 6, key: 'risk', name: 'Risco', applicationID: 1 },
        ]),
      updateProject: (body) => {
        current = project({
          itemTypes: (body.itemTypeIds as number[]).map((id) => ({ id, name: id === 5 ? 'Tarefa' : 'Risco' })),
        });
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup();
    renderApp('/editItem/1/501/1');
    const region = await section('Tipos de item do projeto');
    const list = await within(region).findByRole('list', { name: '1 tipo de item permitido' });
    expect(list).toHaveTextContent('Tarefa');
    await user.click(within(region).getByRole('button', { name: 'Alterar os tipos' }));
    await user.click(within(region).getByRole('combobox', { name: 'Tipos de item permitidos' }));
    await user.click(await screen.findByRole('option', { name: 'Risco' }));
    await user.click(within(region).getByRole('button', { name: 'Salvar os tipos' }));
    await within(region).findByRole('list', { name: '2 tipos de item permitidos' });
    expect(calls.find((c) => c.path === 'updateProject')?.body).toEqual({ projectId: 1, itemTypeIds: [5, 6] });
  });

  it('says every type is allowed when the project lists none, read-only for a member', async () => {
    serve(formWith({ kind: 'project item type' }), { loadProject: () => jsonResponse(project({ canEdit: false })) });
    renderApp('/editItem/1/501/1');
    const region = await section('Tipos de item do projeto');
    await within(region).findByText('Todos os tipos de item de projeto são permitidos.');
    expect(within(region).queryByRole('button', { name: 'Alterar os tipos' })).not.toBeInTheDocument();
  });

  it('lists the project’s people and groups with their roles', async () => {
    const permissions: Permissions = {
      projectId: 1,
      projectName: 'Transformação Digital',
      readOnly: true,
      users: [
        { id: 3, name: 'Ana', login: 'ana', role: 'manager' },
        { id: 4, name: 'Bia', login: 'bia', role: 'read_only' },
      ],
      groups: [{ id: 9, name: 'Obra', role: 'member' }],
    };
    serve(formWith({ kind: 'project resource' }), { loadProjectPermissions: () => jsonResponse(permissions) });
    renderApp('/editItem/1/501/1');
    const region = await section('Recursos do projeto');
    const people = await within(region).findByRole('list', { name: '2 pessoas' });
    expect(within(people).getAllByRole('listitem')[0]).toHaveTextContent('AnaanaGerente');
    expect(within(people).getAllByRole('listitem')[1]).toHaveTextContent('BiabiaSomente leitura');
    expect(within(region).getByRole('list', { name: '1 grupo' })).toHaveTextContent('ObraMembro');
  });

  it('counts no group as "0 grupos", not CLDR\'s "0 grupo"', async () => {
    serve(formWith({ kind: 'project resource' }), {
      loadProjectPermissions: () =>
        jsonResponse({ projectId: 1, projectName: 'x', readOnly: false, users: [], groups: [] } satisfies Permissions),
    });
    renderApp('/editItem/1/501/1');
    const region = await section('Recursos do projeto');
    await within(region).findByText('0 grupos');
    expect(region).toHaveTextContent('0 pessoas');
    expect(region).toHaveTextContent('Pessoas, grupos e papéis são alterados na tela de permissões do projeto.');
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows each type’s workflow: statuses in order, the final one marked, and the actions', async () => {
    const task: TypeWorkflow = {
      componentId: 5,
      name: 'Tarefa',
      statuses: [
        { id: 1, key: 'todo', name: 'A fazer', color: '#90A4AE', initial: true, final: false },
        { id: 2, key: 'doing', name: 'Em andamento', color: '#42A5F5', initial: false, final: false },
        { id: 3, key: 'done', name: 'Concluída', color: '#66BB6A', initial: false, final: true },
      ],
      actions: [
        { key: 'start', name: 'Iniciar', from: ['todo'], to: 'doing' },
        { key: 'finish', name: 'Concluir', from: ['doing', 'todo'], to: 'done' },
      ],
    };
    const calls = serve(formWith({ kind: 'project workflows' }), {
      loadProjectWorkflows: () => jsonResponse({ projectId: 1, types: [task] }),
    });
    renderApp('/editItem/1/501/1');
    const region = await section('Fluxos do projeto');
    const flow = await within(region).findByRole('region', { name: 'Tarefa' });
    const statuses = within(flow).getByRole('list', { name: '3 status' });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A fazerinicial', 'Em andamento', 'Concluídafinal']);
    const actions = within(flow).getByRole('table', { name: 'Ações de Tarefa' });
    expect(within(actions).getAllByRole('row')[2]).toHaveTextContent('ConcluirEm andamentoA fazerparaConcluída');
    expect(calls.find((c) => c.path === 'loadProjectWorkflows')?.body).toEqual({ projectId: 1 });
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes the project of a new item from the address', async () => {
    const data = formWith({ kind: 'project workflows' }, { ...demoInitialData.item, id: 0, ProjectID: 2 });
    const calls = serve(
      { ...data, isNew: true },
      {
        loadProjectWorkflows: () => jsonResponse({ projectId: 2, types: [] }),
      },
    );
    renderApp('/insertItem/1/2/1');
    const region = await screen.findByRole('region', { name: 'Fluxos do projeto' }, { timeout: 15_000 });
    await within(region).findByText('Nenhum tipo de item deste projeto tem um fluxo que você possa ver.');
    expect(calls.find((c) => c.path === 'loadProjectWorkflows')?.body).toEqual({ projectId: 2 });
    expect(calls.find((c) => c.path === 'getFormInitialData')?.body).toMatchObject({ projectID: 2 });
  });
});
