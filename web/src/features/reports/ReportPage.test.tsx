import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { dateInput, typeDate } from '../../test/dates';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { ReportResult } from './api';

vi.setConfig({ testTimeout: 60_000 });

const report: ReportResult = {
  reportId: 7,
  applicationId: 3,
  key: 'tasksByProject',
  name: 'Tarefas por projeto e situação',
  parameters: ['period', 'project', 'status', 'responsible'],
  columns: [
    { key: 'Title', name: 'Título', type: 'STRING' },
    { key: 'cost', name: 'Custo', type: 'CURRENCY' },
  ],
  groupBy: [
    { key: 'ProjectName', name: 'Projeto', type: 'STRING' },
    { key: 'StatusName', name: 'Situação', type: 'STRING' },
  ],
  aggregates: [
    { function: 'count', name: 'Quantidade', type: 'INTEGER' },
    { function: 'sum', field: 'cost', name: 'Soma de Custo', type: 'CURRENCY' },
  ],
  chart: { kind: 'bar' },
  groups: [
    {
      key: '1',
      label: 'Obra',
      values: [2, 2300.5],
      groups: [
        { key: '10', label: 'A fazer', values: [1, 800] },
        { key: '12', label: 'Concluída', values: [1, 1500.5] },
      ],
    },
  ],
  totals: [2, 2300.5],
  rows: [
    { group: ['1', '10'], values: ['Alvenaria', 800] },
    { group: ['1', '12'], values: ['Fundação', 1500.5] },
  ],
  rowCount: 2,
  truncated: false,
  choices: { projects: [{ id: 1, name: 'Obra' }], statuses: [], responsibles: [] },
};

function reportFetch() {
  return mockFetch({}, (url) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 3, name: 'Gestão de Projetos', htmlScripts: '', htmlScriptsUrl: '' }]);
    if (url.includes('/api/reportviewer') && url.includes('format=xlsx'))
      return new Response(new Blob(['xlsx']), {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    if (url.includes('/api/reportviewer')) return jsonResponse(report);
    return jsonResponse({ Message: 'unexpected call' }, 500);
  });
}

const viewerCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/reportviewer'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the report viewer', () => {
  it('shows the totals, the groups with subtotals and the rows formatted as the lists do', async () => {
    setSession(makeSession());
    const fetch = reportFetch();
    renderApp('/runtime/3/report/7/Tarefas%20por%20projeto');
    expect(
      await screen.findByRole('heading', { name: 'Tarefas por projeto' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Totais' }, { timeout: 20_000 });
    expect(within(totals).getByText(/^Soma de Custo: R\$\s2\.300,50$/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tarefas por projeto e situação' });
    expect(within(table).getByRole('rowheader', { name: 'Projeto: Obra' })).toBeInTheDocument();
    expect(within(table).getByText(/^R\$\s1\.500,50$/)).toBeInTheDocument();
    expect(
      within(table).getByText(/^Subtotal de A fazer — Quantidade: 1 · Soma de Custo: R\$\s800,00$/),
    ).toBeInTheDocument();
    expect(within(table).getByText(/^Total — Quantidade: 2 · Soma de Custo: R\$\s2\.300,50$/)).toBeInTheDocument();
    expect(viewerCalls(fetch)[0]).toContain('reportID=7');
    expect(viewerCalls(fetch)[0]).toContain('appID=3');
  });

  it('applies the parameters through the address and exports the workbook with them', async () => {
    setSession(makeSession());
    const fetch = reportFetch();
    const user = userEvent.setup();
    renderApp('/report?reportID=7');
    await user.click(await screen.findByRole('combobox', { name: 'Projeto' }, { timeout: 20_000 }));
    await user.click(await screen.findByRole('option', { name: 'Obra' }));
    await typeDate(user, dateInput(screen, 'De'), '01012026');
    await typeDate(user, dateInput(screen, 'Até'), '3112');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('informe uma data válida (DD/MM/AAAA)')).toBeInTheDocument();
    await typeDate(user, dateInput(screen, 'Até'), '31122026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(
        viewerCalls(fetch).some(
          (url) => url.includes('project=1') && url.includes('from=2026-01-01') && url.includes('to=2026-12-31'),
        ),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() =>
      expect(viewerCalls(fetch).some((url) => url.includes('format=xlsx') && url.includes('project=1'))).toBe(true),
    );
  });

  it('shows the server message when the parameters are refused', async () => {
    setSession(makeSession());
    mockFetch({}, (url) => {
      if (url.includes('/api/reportviewer'))
        return jsonResponse({ Message: 'O período do relatório pode ter no máximo 20 anos.' }, 400);
      return jsonResponse([[], { id: 3, name: 'Gestão de Projetos', htmlScripts: '', htmlScriptsUrl: '' }]);
    });
    renderApp('/General/ReportPanel.aspx?reportID=7&from=1950-01-01&to=2050-01-01');
    expect(
      await screen.findByText('O período do relatório pode ter no máximo 20 anos.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
