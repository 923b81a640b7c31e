import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { ResourceForm, ResourceRow } from './api';

vi.setConfig({ testTimeout: 120_000 });

const PATH = '/runtime/1/resourcesList/Recursos';

const ROOM: ResourceForm = {
  id: 1,
  name: 'Sala de reuniões',
  userId: null,
  companyId: 3,
  active: true,
  timesheetType: '0',
  autoTimesheetType: '0',
  calendar: {
    workPeriods: [
      { weekDay: 1, start: '08:00', end: '12:00' },
      { weekDay: 1, start: '13:00', end: '17:30' },
    ],
    holidays: [{ date: '2026-12-25', name: 'Natal' }],
    exceptions: [{ date: '2026-12-24', name: 'Véspera', periods: [{ start: '08:00', end: '12:00' }] }],
  },
  costRate: 85.5,
  additionalFields: {},
};

const ANA: ResourceForm = {
  ...ROOM,
  id: 2,
  name: 'Ana Souza',
  userId: 9,
  companyId: null,
  calendar: { workPeriods: [{ weekDay: 2, start: '09:00', end: '18:00' }] },
  costRate: null,
};

const rowOf = (f: ResourceForm): ResourceRow => ({
  id: f.id,
  name: f.name,
  userId: f.userId,
  email: '',
  login: f.userId ? 'ana' : '',
  companyName: f.companyId ? 'Acme' : '',
  active: f.active,
  avatar: '',
  weeklyMinutes: f.calendar.workPeriods.length === 2 ? 510 : 540,
  costRate: f.costRate,
});

function fakeServer() {
  const calls: { path: string; body: unknown }[] = [];
  const forms = new Map([ROOM, ANA].map((f) => [f.id, f]));
  mockFetch({}, (url, init) => {
    const u = new URL(url, 'http://test');
    const path = u.pathname.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const id = Number(u.searchParams.get('resourceId'));
    switch (path) {
      case '/application/getApplicationMenu':
        return jsonResponse([[], { id: 1, name: 'Gestão do Trabalho', htmlScripts: '' }]);
      case '/resource/getResources': {
        const b = (body ?? {}) as { kind?: string; name?: string };
        return jsonResponse(
          [...forms.values()]
            .filter((f) => !b.kind || (b.kind === 'user') === (f.userId !== null))
            .filter((f) => !b.name || f.name.toLowerCase().includes(b.name.toLowerCase()))
            .map(rowOf),
        );
      }
      case '/resource/getResourceFormInitialData':
        return jsonResponse({
          companies: [{ id: 3, name: 'Acme' }],
          users: [{ id: 9, name: 'Ana Souza' }],
          timesheetTypes: [{ value: '0', name: 'Não registra' }],
          autoTimesheetTypes: [{ value: '0', name: 'Manual' }],
          additionalFields: [],
        });
      case '/resource/getResourcetoEdit':
        return id === 0
          ? jsonResponse({ ...ROOM, id: 0, name: '', companyId: null, costRate: null, calendar: { workPeriods: [] } })
          : jsonResponse(forms.get(id));
      case '/resource/getProjects':
        return jsonResponse([{ id: 4, name: 'Nova Sede' }]);
      case '/resource/getPendingItems':
        return jsonResponse([
          {
            id: 40,
            formattedId: '12',
            title: 'Planta baixa',
            componentId: 5,
            component: 'Tarefa',
            projectId: 4,
            statusName: 'Em andamento',
            modifiedAt: '2026-11-20T10:00:00Z',
          },
        ]);
      case '/resource/getPendingTasks':
        return jsonResponse([]);
      case '/resource/saveResource': {
        const saved = { ...(body as ResourceForm), id: (body as ResourceForm).id || 3 };
        forms.set(saved.id, saved);
        return jsonResponse(saved);
      }
      case '/resource/deleteResources':
        for (const removed of (body as { ids: number[] }).ids) forms.delete(removed);
        return jsonResponse({ deleted: 1 });
    }
    return jsonResponse({ Message: `unexpected ${path}` }, 500);
  });
  return { bodies: (p: string) => calls.filter((c) => c.path === p).map((c) => c.body) };
}

const table = () => screen.findByRole('table', { name: 'Recursos' }, { timeout: 20_000 });

describe('the resources screen', () => {
  it('lists people and named resources with kind, user, capacity and cost, and filters on the server', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeServer();
    renderApp(PATH);
    const list = await table();
    const room = (await within(list).findByRole('button', { name: 'Abrir Sala de reuniões' })).closest('tr')!;
    expect(within(room).getByText('Recurso nomeado')).toBeInTheDocument();
    expect(within(room).getByText('Acme')).toBeInTheDocument();
    expect(within(room).getByText('8,5 h/sem')).toBeInTheDocument();
    expect(within(room).getByText('85,50/h')).toBeInTheDocument();
    const ana = within(list).getByRole('button', { name: 'Abrir Ana Souza' }).closest('tr')!;
    expect(within(ana).getByText('Pessoa')).toBeInTheDocument();
    expect(within(ana).getByText('ana')).toBeInTheDocument();
    expect(screen.getByText('2 recursos')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Pessoas' }));
    await waitFor(() => expect(within(list).queryByText('Sala de reuniões')).not.toBeInTheDocument());
    expect(bodies('/resource/getResources').at(-1)).toEqual({ kind: 'user' });
  });

  it('lets an administrator delete the selected resources after confirming', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeServer();
    renderApp(PATH);
    const list = await table();
    await user.click(await within(list).findByRole('checkbox', { name: 'Selecionar Sala de reuniões' }));
    await user.click(screen.getByRole('button', { name: 'Excluir 1 recurso' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(bodies('/resource/deleteResources')).toEqual([{ ids: [1] }]));
    await waitFor(() => expect(within(list).queryByText('Sala de reuniões')).not.toBeInTheDocument());
  });

  it('creates a named resource with a cost, national holidays and a day-off exception', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeServer();
    renderApp(PATH);
    await table();
    await user.click(screen.getByRole('button', { name: 'Novo recurso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo recurso' });
    await user.click(await within(dialog).findByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument();
    expect(bodies('/resource/saveResource')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Betoneira');
    const cost = within(dialog).getByRole('textbox', { name: 'Custo por hora' });
    await user.type(cost, '10,005');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(/até duas casas decimais/)).toBeInTheDocument();
    await user.clear(cost);
    await user.type(cost, '42,5');

    await user.click(within(dialog).getByRole('tab', { name: 'Calendário' }));
    await user.click(within(dialog).getByRole('button', { name: 'Horário comercial (seg. a sex.)' }));
    expect(within(dialog).getByText('40 h por semana')).toBeInTheDocument();
    const year = new Date().getFullYear();
    await user.click(within(dialog).getByRole('button', { name: `Feriados nacionais de ${year}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar exceção' }));
    const day = within(dialog).getAllByRole('group', { name: 'Data' }).at(-1)!;
    await user.click(day);
    await user.keyboard(`0203${year}`);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(bodies('/resource/saveResource')).toHaveLength(1));
    const sent = bodies('/resource/saveResource')[0] as ResourceForm;
    expect(sent.name).toBe('Betoneira');
    expect(sent.userId).toBeNull();
    expect(sent.costRate).toBe(42.5);
    expect(sent.calendar.workPeriods).toHaveLength(10);
    expect(sent.calendar.holidays?.map((h) => h.date)).toContain(`${year}-12-25`);
    expect(sent.calendar.exceptions).toEqual([{ date: `${year}-03-02`, name: '', periods: [] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Recurso salvo')).toBeInTheDocument();
  });

  it('copies another resource’s calendar into the form', async () => {
    setSession(makeSession({ hasPanelAdminPermission: true }));
    const user = userEvent.setup();
    const { bodies } = fakeServer();
    renderApp(PATH);
    const list = await table();
    await user.click(await within(list).findByRole('button', { name: 'Abrir Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recurso: Ana Souza' });
    await user.click(within(dialog).getByRole('tab', { name: 'Calendário' }));
    expect(within(dialog).getByText('9 h por semana')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Copiar o calendário de…' }));
    await user.click(await screen.findByRole('option', { name: 'Sala de reuniões' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(await within(dialog).findByText('8,5 h por semana')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies('/resource/saveResource')).toHaveLength(1));
    const sent = bodies('/resource/saveResource')[0] as ResourceForm;
    expect(sent.userId).toBe(9);
    expect(sent.calendar).toEqual(ROOM.calendar);
  });

  it('shows a member the list and the form to read, with the projects and pending items', async () => {
    setSession(makeSession());
    const user = userEvent.setup();
    const { bodies } = fakeServer();
    renderApp(PATH);
    const list = await table();
    expect(screen.getByText('Somente administradores criam, alteram e excluem recursos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo recurso' })).not.toBeInTheDocument();
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);

    await user.click(await within(list).findByRole('button', { name: 'Abrir Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recurso: Ana Souza' });
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Custo por hora' })).toBeDisabled();
    await user.click(within(dialog).getByRole('tab', { name: 'Calendário' }));
    expect(within(dialog).getByText('09:00–18:00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Projetos' }));
    const link = await within(dialog).findByRole('link', { name: 'Tarefa #12 — Planta baixa' });
    expect(link).toHaveAttribute('href', '/runtime/1/editItem/5/40/0');
    expect(within(dialog).getByText('Nada pendente.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(bodies('/resource/saveResource')).toHaveLength(0);
  });
});
