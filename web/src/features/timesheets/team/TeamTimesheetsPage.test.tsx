import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { Team, TeamEntry } from '../api';
import { filterFrom } from './team';

vi.setConfig({ testTimeout: 60_000 });

// The team's hours: the filters go to the server, only submitted entries can be ticked, approving asks
// first and sends the ids, rejecting needs a reason, and a refusal is shown in the dialog.

const entry = (id: number, state: TeamEntry['state'], userName: string, date: string, minutes: number): TeamEntry => ({
  id,
  userId: userName === 'Caio' ? 5 : 6,
  userName,
  itemId: 41,
  componentId: 1,
  componentName: 'Tarefa',
  FormattedID: 12,
  Title: 'Revisar contrato',
  projectId: 3,
  projectName: 'ERP',
  date,
  minutes,
  start: null,
  end: null,
  description: '',
  state,
  submittedAt: null,
  reviewer: state === 'approved' ? 'Ana' : '',
  reviewedAt: null,
  reviewNote: '',
});

const team: Team = {
  from: '2025-05-25',
  to: '2025-05-31',
  entries: [
    entry(1, 'submitted', 'Caio', '2025-05-26', 120),
    entry(2, 'submitted', 'Caio', '2025-05-27', 60),
    entry(3, 'approved', 'Duda', '2025-05-26', 30),
  ],
  count: 3,
  totalMinutes: 210,
  truncated: false,
  states: [
    { state: 'draft', count: 0, minutes: 0 },
    { state: 'submitted', count: 2, minutes: 180 },
    { state: 'approved', count: 1, minutes: 30 },
    { state: 'rejected', count: 0, minutes: 0 },
  ],
  projects: [{ id: 3, name: 'ERP' }],
  people: [
    { id: 5, name: 'Caio' },
    { id: 6, name: 'Duda' },
  ],
  canReview: true,
};

describe('team timesheets', () => {
  it('reads its filter from the address', () => {
    const f = filterFrom(new URLSearchParams('from=2025-05-01&to=bad&project=3&person=-1&state=all'), 'a', 'b');
    expect(f).toEqual({ from: '2025-05-01', to: 'b', projectId: 3, userId: 0, state: '' });
    expect(filterFrom(new URLSearchParams(''), 'a', 'b').state).toBe('submitted');
  });

  it('approves the ticked entries and rejects with a reason', async () => {
    const calls: { url: string; body: unknown }[] = [];
    mockFetch({}, async (url, init) => {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.endsWith('/api/timesheets/getTeamTimesheets')) return jsonResponse(team);
      if (url.endsWith('/api/timesheets/approveTimeEntries')) return jsonResponse({ count: 2, people: 1 });
      if (url.endsWith('/api/timesheets/rejectTimeEntries')) {
        return jsonResponse(
          { Message: 'Só um gerente do projeto ERP (ou um administrador) pode aprovar ou rejeitar estas horas.' },
          403,
        );
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    setSession(makeSession());
    renderApp('/runtime/1/timesheetList/Horas%20da%20equipe?from=2025-05-25&to=2025-05-31&state=all');
    const user = userEvent.setup();

    const table = await screen.findByRole(
      'table',
      { name: 'Apontamentos de 25/05/2025 a 31/05/2025' },
      { timeout: 30_000 },
    );
    expect(calls.find((c) => c.url.endsWith('/getTeamTimesheets'))?.body).toEqual({
      from: '2025-05-25',
      to: '2025-05-31',
      projectId: 0,
      userId: 0,
      state: '',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('3 apontamentos · 3:30 h')).toBeInTheDocument();
    // An approved entry cannot be ticked.
    expect(
      screen.getByRole('checkbox', { name: 'Selecionar 0:30 h de Duda em 26/05/2025, #12 Revisar contrato' }),
    ).toBeDisabled();
    const approve = screen.getByRole('button', { name: 'Aprovar' });
    expect(approve).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar os 2 apontamentos aguardando aprovação' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 apontamentos selecionados · 3:00 h · 1 pessoa(s)');
    await user.click(approve);
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Aprovar 2 apontamentos (3:00 h) de 1 pessoa(s)?');
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approveTimeEntries'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/approveTimeEntries'))?.body).toEqual({ ids: [1, 2] });
    expect(await screen.findByText('2 apontamentos aprovados; 1 pessoa(s) avisada(s).')).toBeInTheDocument();

    // Rejecting: the reason is required; the server's refusal shows in the dialog, the reason stays.
    await user.click(
      screen.getByRole('checkbox', { name: 'Selecionar 1:00 h de Caio em 27/05/2025, #12 Revisar contrato' }),
    );
    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar as horas' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(within(dialog).getByText('Informe o motivo da rejeição.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/rejectTimeEntries'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo da rejeição' }), 'Faltou a descrição');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Só um gerente do projeto ERP');
    expect(calls.find((c) => c.url.endsWith('/rejectTimeEntries'))?.body).toEqual({
      ids: [2],
      reason: 'Faltou a descrição',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Motivo da rejeição' })).toHaveValue('Faltou a descrição');
  });

  it('tells someone who manages no project what the screen is for', async () => {
    mockFetch({}, async (url) =>
      url.endsWith('/api/timesheets/getTeamTimesheets')
        ? jsonResponse({ ...team, entries: [], count: 0, projects: [], people: [], canReview: false })
        : jsonResponse({ Message: 'unexpected call' }, 500),
    );
    setSession(makeSession());
    renderApp('/runtime/1/timesheetList/Horas%20da%20equipe');
    expect(await screen.findByText(/Você não gerencia nenhum projeto/, {}, { timeout: 30_000 })).toBeInTheDocument();
  });
});
