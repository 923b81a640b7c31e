import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { dateInput, dateText, typeDate } from '../../../test/dates';
import { makeSession } from '../../../test/session';
import { demoInitialData } from '../testing/demoForm';
import type { FormInitialData } from '../types';
import type { TimeEntry, Timesheets } from './TimesheetsApi';
import { formatDecimalHours, parseHours } from './TimesheetsApi';

// The timesheets control: what it sends and what it shows of the answers.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const todayIso = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const today = `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;

const entry = (
  id: number,
  date: string,
  minutes: number,
  description: string,
  more: Partial<TimeEntry> = {},
): TimeEntry => ({
  id,
  userId: 1,
  userName: 'Ana',
  date,
  minutes,
  start: null,
  end: null,
  description,
  createdAt: '2026-03-10T12:00:00Z',
  modifiedAt: '2026-03-10T12:00:00Z',
  canEdit: true,
  canDelete: true,
  closed: '',
  state: 'draft',
  reviewNote: '',
  automatic: false,
  ...more,
});

function sheet(entries: TimeEntry[], more: Partial<Timesheets> = {}): Timesheets {
  return {
    entries,
    count: entries.length,
    totalMinutes: entries.reduce((sum, e) => sum + e.minutes, 0),
    canRecord: true,
    cannotRecord: '',
    timesheetType: '1',
    closedMonths: [],
    ...more,
  };
}

function formWith(item = demoInitialData.item): FormInitialData {
  return {
    ...demoInitialData,
    item,
    form: { ...demoInitialData.form, controls: { kind: 'panel', children: [{ kind: 'timesheets' }] } },
  };
}

function serve(data: FormInitialData, answers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  mockFetch({}, (url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace('/api/genericItem/', '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    if (path === 'getFormInitialData') return jsonResponse(data);
    const answer = answers[path];
    return answer ? answer(body) : jsonResponse([]);
  });
  return calls;
}

async function section() {
  await screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });
  return screen.findByRole('region', { name: 'Apontamento de horas' });
}

beforeEach(() => setSession(makeSession()));
afterEach(() => vi.unstubAllGlobals());

describe('hours as people type them', () => {
  it('reads H:MM and decimal hours, and shows decimals truncated', () => {
    expect(parseHours('1:30')).toBe(90);
    expect(parseHours('1,5')).toBe(90);
    expect(parseHours('1.25')).toBe(75);
    expect(parseHours('2')).toBe(120);
    expect(parseHours('1:75')).toBeNull();
    expect(parseHours('uma hora')).toBeNull();
    expect(formatDecimalHours(100, ',')).toBe('1,66');
  });
});

describe('the timesheets control', { timeout: 30_000 }, () => {
  it('lists the entries with their total and records hours typed as H:MM', async () => {
    let entries = [
      entry(2, '2026-03-11', 120, 'Homologação'),
      entry(1, '2026-03-10', 45, 'Reunião', { userName: 'Bia', userId: 2, canEdit: false, canDelete: false }),
    ];
    const calls = serve(formWith(), {
      loadTimesheetsFormData: () => jsonResponse(sheet(entries)),
      saveTimeEntry: (body) => {
        entries = [entry(3, String(body.date), Number(body.minutes), String(body.description)), ...entries];
        return jsonResponse(sheet(entries));
      },
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    const table = await within(region).findByRole('table', { name: 'Apontamento de horas' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('11/03/2026Ana2:00Homologação');
    expect(rows[2]).toHaveTextContent('10/03/2026Bia0:45Reunião');
    expect(within(table).getByText('Total: 2:45 h')).toBeInTheDocument();
    expect(within(table).getByText('2,75 hrs')).toBeInTheDocument();
    // Only her own entry offers changes.
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Alterar o apontamento de 2:00 h em 11/03/2026' }),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    const add = within(region).getByRole('group', { name: 'Apontar' });
    expect(dateText(dateInput(within(add), 'Data'))).toBe(today);
    await userEvent.type(within(add).getByRole('textbox', { name: 'Horas' }), '1:30');
    await userEvent.type(within(add).getByRole('textbox', { name: 'Descrição' }), 'Testes de carga{Enter}');
    await waitFor(() => expect(within(table).getByText('Total: 4:15 h')).toBeInTheDocument());
    expect(calls.find((call) => call.path === 'saveTimeEntry')?.body).toEqual({
      itemId: 501,
      componentId: 1,
      id: 0,
      date: todayIso,
      minutes: 90,
      description: 'Testes de carga',
    });
    expect(await screen.findByText('Horas apontadas.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'saveItem')).toBe(false); // Enter records the entry, not the item
    expect(within(add).getByRole('textbox', { name: 'Horas' })).toHaveValue('');
  });

  it('refuses no hours and a future day before sending anything', async () => {
    const calls = serve(formWith(), { loadTimesheetsFormData: () => jsonResponse(sheet([])) });
    renderApp('/editItem/1/501/1');
    const region = await section();
    expect(await within(region).findByText('Nenhuma hora apontada neste item.')).toBeInTheDocument();
    const add = within(region).getByRole('group', { name: 'Apontar' });
    const date = dateInput(within(add), 'Data');
    await typeDate(userEvent, date, `0101${now.getFullYear() + 1}`);
    await userEvent.type(within(add).getByRole('textbox', { name: 'Horas' }), '0');
    await userEvent.click(within(add).getByRole('button', { name: 'Apontar' }));
    expect(within(add).getByText('Não é possível apontar horas em uma data futura.')).toBeInTheDocument();
    expect(
      within(add).getByText('Informe as horas como H:MM (1:30) ou decimal (1,5), mais que zero.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'saveTimeEntry')).toBe(false);
  });

  it('shows the server refusal of a full day where the entry was typed', async () => {
    serve(formWith(), {
      loadTimesheetsFormData: () => jsonResponse(sheet([])),
      saveTimeEntry: () =>
        jsonResponse(
          {
            Message: `Em ${today} você já tem 23:00 horas apontadas; o limite é de 24:00 horas por dia.##DETAILEDERROR##request 1`,
          },
          400,
        ),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    const add = await within(region).findByRole('group', { name: 'Apontar' });
    await userEvent.type(within(add).getByRole('textbox', { name: 'Horas' }), '2');
    await userEvent.click(within(add).getByRole('button', { name: 'Apontar' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent(
      `Em ${today} você já tem 23:00 horas apontadas; o limite é de 24:00 horas por dia.`,
    );
  });

  it('changes an own entry and deletes one after confirmation', async () => {
    let entries = [entry(2, '2026-03-11', 90, 'Homologação')];
    const calls = serve(formWith(), {
      loadTimesheetsFormData: () => jsonResponse(sheet(entries)),
      saveTimeEntry: (body) => {
        entries = [entry(2, String(body.date), Number(body.minutes), String(body.description))];
        return jsonResponse(sheet(entries));
      },
      deleteTimeEntry: () => {
        entries = [];
        return jsonResponse(sheet(entries));
      },
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Alterar o apontamento de 1:30 h em 11/03/2026' }),
    );
    const edit = within(region).getByRole('group', { name: 'Alterando o apontamento de 1:30 h em 11/03/2026 de Ana' });
    expect(dateText(dateInput(within(edit), 'Data'))).toBe('11/03/2026');
    const hours = within(edit).getByRole('textbox', { name: 'Horas' });
    expect(hours).toHaveValue('1:30');
    await userEvent.clear(hours);
    await userEvent.type(hours, '2:00');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar alteração' }));
    expect(await within(region).findByText('Total: 2:00 h')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'saveTimeEntry')?.body).toEqual({
      itemId: 501,
      componentId: 1,
      id: 2,
      date: '2026-03-11',
      minutes: 120,
      description: 'Homologação',
    });
    expect(within(region).getByRole('group', { name: 'Apontar' })).toBeInTheDocument();

    await userEvent.click(
      within(region).getByRole('button', { name: 'Excluir o apontamento de 2:00 h em 11/03/2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excluir apontamento' });
    expect(dialog).toHaveTextContent(
      'Excluir o apontamento de 2:00 h de Ana em 11/03/2026? Esta ação não pode ser desfeita.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(region).findByText('Nenhuma hora apontada neste item.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'deleteTimeEntry')?.body).toEqual({ itemId: 501, componentId: 1, id: 2 });
  });

  it('takes start and end from a user whose timesheet type records them', async () => {
    const calls = serve(formWith(), {
      loadTimesheetsFormData: () =>
        jsonResponse(
          sheet([entry(4, '2026-03-11', 90, 'Deploy', { start: '09:00', end: '10:30' })], { timesheetType: '2' }),
        ),
      saveTimeEntry: () => jsonResponse(sheet([], { timesheetType: '2' })),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    expect(await within(region).findByText('09:00–10:30')).toBeInTheDocument();
    const add = within(region).getByRole('group', { name: 'Apontar' });
    expect(within(add).queryByRole('textbox', { name: 'Horas' })).not.toBeInTheDocument();
    await typeDate(userEvent, dateInput(within(add), 'Início'), '1400');
    await typeDate(userEvent, dateInput(within(add), 'Fim'), '1330');
    await userEvent.click(within(add).getByRole('button', { name: 'Apontar' }));
    expect(within(add).getByText('A hora final deve ser depois da inicial.')).toBeInTheDocument();
    await typeDate(userEvent, dateInput(within(add), 'Fim'), '1745');
    await userEvent.click(within(add).getByRole('button', { name: 'Apontar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'saveTimeEntry')?.body).toEqual({
        itemId: 501,
        componentId: 1,
        id: 0,
        date: todayIso,
        start: '14:00',
        end: '17:45',
        description: '',
      }),
    );
  });

  it('says why a user cannot record and offers only the deletion of her own entries', async () => {
    serve(formWith(), {
      loadTimesheetsFormData: () =>
        jsonResponse(
          sheet(
            [
              entry(2, '2026-03-11', 90, 'Homologação', { canEdit: false }),
              entry(1, '2026-03-10', 30, 'Leitura', { canEdit: false, canDelete: false }),
            ],
            {
              canRecord: false,
              timesheetType: '0',
              cannotRecord:
                'Seu tipo de apontamento não registra horas; peça ao administrador para alterá-lo no seu cadastro.',
            },
          ),
        ),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    expect(
      await within(region).findByText(
        'Seu tipo de apontamento não registra horas; peça ao administrador para alterá-lo no seu cadastro.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('group')).not.toBeInTheDocument();
    // Her own entry may still go; nothing is changed.
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Excluir o apontamento de 1:30 h em 11/03/2026']);
    expect(within(region).getByText('Total: 2:00 h')).toBeInTheDocument();
  });

  it('says that a new item takes hours once saved', async () => {
    const calls = serve(formWith({ ...demoInitialData.item, id: 0 }), {});
    renderApp('/editItem/1/501/1');
    const region = await section();
    expect(
      within(region).getByText('As horas podem ser apontadas depois que o item for salvo pela primeira vez.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'loadTimesheetsFormData')).toBe(false);
  });
});

describe('a closed month in the timesheets control', { timeout: 30_000 }, () => {
  it('says why its entries cannot change and refuses a new one on its days before asking the server', async () => {
    const month = todayIso.slice(0, 7);
    const reason = `Março de 2026 está fechado para Ana; peça a reabertura do mês a um administrador.`;
    const calls = serve(formWith(), {
      loadTimesheetsFormData: () =>
        jsonResponse(
          sheet([entry(2, `${month}-01`, 120, 'Homologação', { canEdit: false, canDelete: false, closed: reason })], {
            closedMonths: [{ month, reason }],
          }),
        ),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    const table = await within(region).findByRole('table', { name: 'Apontamento de horas' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('img', { name: reason })).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // Today falls in the closed month: the date field says so, and Enter sends nothing.
    const add = within(region).getByRole('group', { name: 'Apontar' });
    expect(within(add).getByText(reason)).toBeInTheDocument();
    await userEvent.type(within(add).getByRole('textbox', { name: 'Horas' }), '1:30{Enter}');
    expect(within(add).getByText(reason)).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'saveTimeEntry')).toBe(false);
  });
});

describe('hours sent for approval in the timesheets control', { timeout: 30_000 }, () => {
  it('says why a submitted or approved entry cannot change', async () => {
    serve(formWith(), {
      loadTimesheetsFormData: () =>
        jsonResponse(
          sheet([
            entry(3, todayIso, 60, 'Enviada', { canEdit: false, canDelete: false, state: 'submitted' }),
            entry(4, todayIso, 30, 'Aprovada', { canEdit: false, canDelete: false, state: 'approved' }),
          ]),
        ),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    const table = await within(region).findByRole('table', { name: 'Apontamento de horas' });
    const [, submitted, approved] = within(table).getAllByRole('row') as HTMLElement[];
    expect(
      within(submitted!).getByRole('img', {
        name: 'Estas horas foram enviadas para aprovação e não podem ser alteradas.',
      }),
    ).toBeInTheDocument();
    expect(
      within(approved!).getByRole('img', { name: 'Estas horas foram aprovadas e não podem mais ser alteradas.' }),
    ).toBeInTheDocument();
    expect(within(submitted!).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('automatic hours in the timesheets control', { timeout: 30_000 }, () => {
  it('marks an automatic entry and not one recorded by hand', async () => {
    serve(formWith(), {
      loadTimesheetsFormData: () =>
        jsonResponse(sheet([entry(5, todayIso, 420, '', { automatic: true }), entry(6, todayIso, 60, 'Reunião')])),
    });
    renderApp('/editItem/1/501/1');
    const region = await section();
    const table = await within(region).findByRole('table', { name: 'Apontamento de horas' });
    const [, automatic, manual] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(automatic!).getByText('automático')).toBeInTheDocument();
    expect(within(manual!).queryByText('automático')).not.toBeInTheDocument();
    expect(within(manual!).getByText('Reunião')).toBeInTheDocument();
  });
});
