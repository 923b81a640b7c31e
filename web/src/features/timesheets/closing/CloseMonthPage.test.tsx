import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { MonthClosing, MonthPerson } from './api';
import { addMonths, isMonth } from './month';

vi.setConfig({ testTimeout: 60_000 });

const person = (userId: number, name: string, more: Partial<MonthPerson> = {}): MonthPerson => ({
  userId,
  name,
  companyId: null,
  companyName: '',
  loggedMinutes: 600,
  expectedMinutes: 9600,
  pendingApprovals: 0,
  closed: false,
  closedBy: '',
  closedAt: null,
  ...more,
});

const month: MonthClosing = {
  month: '2025-05',
  people: [
    person(1, 'Ana', { pendingApprovals: 2 }),
    person(2, 'Bia'),
    person(3, 'Caio', { closed: true, closedBy: 'Chefe', closedAt: '2025-06-01T12:00:00Z' }),
  ],
  totals: { loggedMinutes: 1800, expectedMinutes: 28800, pendingApprovals: 2, closed: 1, people: 3 },
  companies: [],
};

describe('month arithmetic', () => {
  it('steps across years and checks the address', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(isMonth('2025-13')).toBe(false);
    expect(isMonth('2025-05')).toBe(true);
  });
});

describe('Month closing', () => {
  it('tells a user who is not an administrator plainly, without asking the server', async () => {
    const calls: string[] = [];
    mockFetch({}, (url) => {
      calls.push(url);
      return jsonResponse({ menu: [] });
    });
    setSession(makeSession());
    renderApp('/runtime/1/closeMonthList/Fechamento%20do%20m%C3%AAs?month=2025-05');
    expect(await screen.findByText('Sem acesso ao fechamento do mês', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(calls.some((url) => url.includes('getMonthClosing'))).toBe(false);
  });

  it('closes a selection, shows the refusal that lists who waits for approval, and reopens with a reason', async () => {
    const closes: unknown[] = [];
    const reopens: unknown[] = [];
    mockFetch({}, async (url, init) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url.endsWith('/api/timesheets/getMonthClosing')) return jsonResponse({ ...month, month: body.month });
      if (url.endsWith('/api/timesheets/closeMonth')) {
        closes.push(body);
        return jsonResponse(
          { Message: 'Maio de 2025 não foi fechado: há apontamentos aguardando aprovação — Ana: 2.' },
          409,
        );
      }
      if (url.endsWith('/api/timesheets/reopenMonth')) {
        reopens.push(body);
        return jsonResponse({ month: '2025-05', changed: 1 });
      }
      return jsonResponse({ menu: [] });
    });
    setSession(makeSession({ hasPanelAdminPermission: true }));
    renderApp('/runtime/1/closeMonthList/Fechamento%20do%20m%C3%AAs?month=2025-05');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Maio de 2025' }, { timeout: 30_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ana10:00160:00−150:002 apontamentosAberto');
    expect(rows[3]).toHaveTextContent('Caio10:00160:00−150:00nenhumFechadoReabrir');
    // A closed person has no box to tick; the header ticks every open one.
    expect(within(rows[3] as HTMLElement).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Ana' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bia' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 pessoas selecionadas');
    await user.click(screen.getByRole('button', { name: 'Fechar 2 selecionados' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Fechar Maio de 2025 para 2 pessoas?');
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(closes).toEqual([{ month: '2025-05', userIds: [1, 2] }]));
    expect(await screen.findByRole('alert')).toHaveTextContent('há apontamentos aguardando aprovação — Ana: 2.');

    // Reopening asks a reason first.
    await user.click(screen.getByRole('button', { name: 'Reabrir o mês de Caio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir Maio de 2025 para Caio' });
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    expect(within(dialog).getByText('Informe o motivo da reabertura.')).toBeInTheDocument();
    expect(reopens).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo da reabertura/ }), 'Correção de horas');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    await waitFor(() => expect(reopens).toEqual([{ month: '2025-05', userId: 3, reason: 'Correção de horas' }]));

    // The previous month is one click away, kept in the address.
    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(await screen.findByRole('table', { name: 'Abril de 2025' })).toBeInTheDocument();
  });
});
