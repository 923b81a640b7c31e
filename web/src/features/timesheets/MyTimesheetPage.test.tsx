import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { Week } from './api';
import { emptyRow } from './week';

vi.setConfig({ testTimeout: 60_000 });

// The week grid from the keyboard: typing edits, arrows move, Escape reverts a cell, Enter saves only
// the cells changed; a refusal shows the server's Message and keeps what was typed.

const dates = ['2025-05-25', '2025-05-26', '2025-05-27', '2025-05-28', '2025-05-29', '2025-05-30', '2025-05-31'];
const row = emptyRow(
  {
    itemId: 41,
    componentId: 1,
    componentName: 'Tarefa',
    FormattedID: 12,
    Title: 'Revisar contrato',
    projectName: 'ERP',
  },
  dates,
);
row.cells[1]!.minutes = 60;
row.cells[1]!.entryIds = [7];
const week: Week = {
  weekStart: '2025-05-25',
  days: dates.map((date, i) => ({
    date,
    capacityMinutes: i === 0 || i === 6 ? 0 : 480,
    closed: false,
    closedReason: '',
  })),
  rows: [row],
  totals: { days: [0, 60, 0, 0, 0, 0, 0], week: 60 },
  canRecord: true,
  cannotRecord: '',
  timesheetType: '1',
  review: { state: 'open', draft: 1, submitted: 0, approved: 0, rejected: 0 },
};

describe('My timesheet', () => {
  it('moves, reverts and saves from the keyboard, and shows a refusal', async () => {
    const saves: unknown[] = [];
    mockFetch({}, async (url, init) => {
      if (url.endsWith('/api/timesheets/getMyWeek')) return jsonResponse(week);
      if (url.endsWith('/api/timesheets/saveMyWeek')) {
        saves.push(JSON.parse(String(init?.body)));
        return jsonResponse({ Message: '#12 Revisar contrato, 27/05/2025: limite de 24:00 horas.' }, 400);
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    setSession(makeSession());
    renderApp('/runtime/1/myTimesheet/Minhas%20horas?week=2025-05-28');
    const user = userEvent.setup();

    const monday = await screen.findByRole(
      'textbox',
      { name: 'Horas em #12 Revisar contrato no dia 26/05/2025' },
      { timeout: 30_000 },
    );
    const tuesday = screen.getByRole('textbox', { name: 'Horas em #12 Revisar contrato no dia 27/05/2025' });
    expect(monday).toHaveValue('1:00');
    expect(screen.getByRole('heading', { name: 'Semana de 25/05/2025 a 31/05/2025' })).toBeInTheDocument();

    await user.click(monday);
    await user.keyboard('1,5');
    expect(monday).toHaveValue('1,5');
    await user.keyboard('{Escape}');
    expect(monday).toHaveValue('1:00');
    await user.keyboard('2{ArrowRight}');
    expect(tuesday).toHaveFocus();
    await user.keyboard('0:30{Enter}');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      weekStart: '2025-05-25',
      cells: [
        { itemId: 41, date: '2025-05-26', minutes: 120, description: '' },
        { itemId: 41, date: '2025-05-27', minutes: 30, description: '' },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '#12 Revisar contrato, 27/05/2025: limite de 24:00 horas.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 células alteradas, não salvas');
    expect(tuesday).toHaveValue('0:30');
  });

  it('shows a rejected cell with its reason, and submits the week after asking', async () => {
    const rejected = structuredClone(row);
    rejected.cells[1] = {
      ...rejected.cells[1]!,
      state: 'rejected',
      reviewNote: 'Faltou a descrição',
      reviewer: 'Gil',
    };
    rejected.cells[2] = { ...rejected.cells[2]!, minutes: 30, entryIds: [8], state: 'approved', readOnly: true };
    const open: Week = {
      ...week,
      rows: [rejected],
      review: { state: 'open', draft: 0, submitted: 0, approved: 1, rejected: 1 },
    };
    const submits: unknown[] = [];
    mockFetch({}, async (url, init) => {
      if (url.endsWith('/api/timesheets/getMyWeek')) return jsonResponse(open);
      if (url.endsWith('/api/timesheets/submitMyWeek')) {
        submits.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          ...open,
          review: { state: 'submitted', draft: 0, submitted: 1, approved: 1, rejected: 0 },
        });
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    setSession(makeSession());
    renderApp('/runtime/1/myTimesheet/Minhas%20horas?week=2025-05-28');
    const user = userEvent.setup();

    const alert = await screen.findByText(
      '1 apontamento foi rejeitado: corrija-o e envie a semana de novo.',
      {},
      { timeout: 30_000 },
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      '#12 Revisar contrato, 26/05/2025 — Gil: Faltou a descrição',
    );
    expect(screen.getByText('Semana não enviada')).toBeInTheDocument();
    const monday = screen.getByRole('textbox', { name: 'Horas em #12 Revisar contrato no dia 26/05/2025' });
    expect(monday).not.toHaveAttribute('readonly');
    expect(monday).toHaveAccessibleDescription('Rejeitado por Gil: Faltou a descrição');
    const tuesday = screen.getByRole('textbox', { name: 'Horas em #12 Revisar contrato no dia 27/05/2025' });
    expect(tuesday).toHaveAttribute('readonly');
    expect(tuesday).toHaveAccessibleDescription('Estas horas foram aprovadas e não podem mais ser alteradas.');

    await user.click(screen.getByRole('button', { name: 'Enviar semana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar a semana para aprovação' });
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(submits).toEqual([{ weekStart: '2025-05-25' }]));
    expect(await screen.findByText('Semana enviada: aguardando aprovação')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar semana' })).toBeDisabled();
  });
});
