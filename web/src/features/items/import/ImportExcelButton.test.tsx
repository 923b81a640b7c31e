import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { ListDefinition } from '../list/types';
import type { ImportStatus } from './types';

vi.setConfig({ testTimeout: 40_000 });
// The machine is shared with other builds: waits are generous, never timed assertions.
const WAIT = { timeout: 15_000 };

const definition: ListDefinition = {
  componentID: 4,
  componentName: 'Bem',
  projectID: 0,
  columns: [
    {
      field: 'Title',
      header: 'Título',
      type: 'STRING',
      width: 250,
      filterKind: 'text',
      dateTimeFormatType: 0,
      sortable: true,
    },
  ],
  views: [{ id: 7, name: 'Lista', kind: 'list', compact: false, isDefault: true }],
  queries: [],
  viewId: 7,
  queryId: 0,
  compact: false,
  statuses: [],
};

const base: ImportStatus = {
  importId: 31,
  state: 'previewed',
  Message: '',
  fileName: 'bens.xlsx',
  totalRows: 3,
  doneRows: 0,
  errorCount: 0,
  columns: [
    { header: 'Título', field: 'Title', label: 'Título' },
    { header: 'USO', field: 'usage', label: 'Uso' },
    { header: 'Aquisição', field: 'acquired', label: 'Aquisição' },
    { header: 'Segurado', field: 'insured', label: 'Segurado' },
  ],
  unmatched: ['Observação'],
  errors: [],
  preview: [
    { Title: 'Notebook 1', usage: '10', acquired: '2025-03-15T00:00:00Z', insured: true },
    { Title: 'Notebook 2', usage: '150' },
    { Title: 'Notebook 3', usage: '20' },
  ],
  previewRows: [2, 4, 5],
};

const xlsx = () =>
  new File(['PK'], 'bens.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/** The list page's calls, with importExcel and getImportStatus answered by `imports`. */
function serve(imports: (url: string, init?: RequestInit) => Response | undefined) {
  const pages: number[] = [];
  const fetch = mockFetch({}, (url, init) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 1, name: 'Patrimônio', htmlScripts: '' }]);
    if (url.includes('/api/genericItem/getListControlData')) return jsonResponse(definition);
    if (url.endsWith('/api/genericItem/executeFilter')) {
      pages.push(Date.now());
      return jsonResponse({ rows: [], total: 0, totalIsEstimate: false, page: 0, rowsPerPage: 25 });
    }
    return imports(url, init) ?? jsonResponse({ Message: 'unexpected call' }, 500);
  });
  return { fetch, pages };
}

async function openList() {
  setSession(makeSession());
  const user = userEvent.setup();
  renderApp('/runtime/1/list/4/4/0/7/Bens');
  await screen.findByRole('button', { name: 'Importar do Excel' }, WAIT);
  return user;
}

describe('ImportExcelButton', () => {
  it('shows every row error of the preview and cannot confirm it', async () => {
    const withErrors: ImportStatus = {
      ...base,
      errorCount: 2,
      errors: [
        { row: 4, field: 'Uso', message: 'o valor deve estar entre 0 e 100' },
        { row: 40, field: 'Tipo', message: 'escolha uma opção da lista' },
      ],
    };
    const { fetch } = serve((url, init) => {
      if (url.endsWith('/api/genericItem/importExcel')) {
        const body = init?.body as FormData;
        expect(body.get('componentId')).toBe('4');
        expect(body.get('projectId')).toBe('0');
        expect((body.get('file') as File).name).toBe('bens.xlsx');
        return jsonResponse(withErrors);
      }
      return undefined;
    });
    const user = await openList();
    await user.upload(screen.getByLabelText('Planilha do Excel (.xlsx)'), xlsx());
    const dialog = await screen.findByRole('dialog', { name: /Importar do Excel/ }, WAIT);
    expect(await within(dialog).findByText(/A planilha tem 2 erros/, {}, WAIT)).toBeInTheDocument();
    const errors = within(dialog).getAllByTestId('import-error');
    expect(errors.map((r) => r.textContent)).toEqual([
      '4Usoo valor deve estar entre 0 e 100',
      '40Tipoescolha uma opção da lista',
    ]);
    const rows = within(dialog).getAllByTestId('import-preview-row');
    expect(rows.map((r) => r.getAttribute('data-invalid'))).toEqual([null, 'true', null]);
    expect([...rows[0]!.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '2',
      'Notebook 1',
      '10',
      '15/03/2025',
      'Sim',
    ]);
    expect(within(dialog).getByText(/Colunas ignoradas.*Observação/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 3 linhas' })).toBeDisabled();
    // Only the preview was asked: nothing confirmed.
    const confirmations = fetch.mock.calls.filter(
      ([, init]) => typeof init?.body === 'string' && init.body.includes('confirm'),
    );
    expect(confirmations).toHaveLength(0);
  });

  it('shows the server Message of a file it refuses', async () => {
    serve((url) =>
      url.endsWith('/api/genericItem/importExcel')
        ? jsonResponse({ Message: 'Envie uma planilha do Excel (.xlsx).##DETAILEDERROR##request 1' }, 400)
        : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await openList();
    await user.upload(screen.getByLabelText('Planilha do Excel (.xlsx)'), xlsx());
    expect(await screen.findByTestId('import-refused', {}, WAIT)).toHaveTextContent(
      /^Envie uma planilha do Excel \(\.xlsx\)\.$/,
    );
  });

  it('confirms a clean preview, follows the job and refreshes the list when it is done', async () => {
    let polls = 0;
    const { pages } = serve((url, init) => {
      if (url.endsWith('/api/genericItem/importExcel')) {
        if (init?.body instanceof FormData) return jsonResponse(base);
        expect(JSON.parse(String(init?.body))).toEqual({ importId: 31, confirm: true });
        return jsonResponse({ ...base, state: 'queued' });
      }
      if (url.includes('/api/genericItem/getImportStatus?importId=31')) {
        polls++;
        return jsonResponse(
          polls <= 2 ? { ...base, state: 'running', doneRows: 1 } : { ...base, state: 'done', doneRows: 3 },
        );
      }
      return undefined;
    });
    const user = await openList();
    await waitFor(() => expect(pages.length).toBeGreaterThan(0), WAIT);
    await user.upload(screen.getByLabelText('Planilha do Excel (.xlsx)'), xlsx());
    const dialog = await screen.findByRole('dialog', { name: /Importar do Excel/ }, WAIT);
    expect(await within(dialog).findByText('3 linhas conferidas, sem erros.', {}, WAIT)).toBeInTheDocument();
    const listed = pages.length;
    await user.click(within(dialog).getByRole('button', { name: 'Importar 3 linhas' }));
    expect(await screen.findByText('Gravando: 1 de 3 linhas', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Importação concluída: 3 itens criados.', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await waitFor(() => expect(pages.length).toBeGreaterThan(listed), WAIT);
  });

  it('shows the Message and errors of a job that refused a row (nothing written)', async () => {
    serve((url, init) => {
      if (url.endsWith('/api/genericItem/importExcel'))
        return jsonResponse(init?.body instanceof FormData ? base : { ...base, state: 'queued' });
      if (url.includes('/api/genericItem/getImportStatus?importId=31')) {
        return jsonResponse({
          ...base,
          state: 'failed',
          Message: 'A importação falhou e nada foi gravado.',
          errorCount: 1,
          errors: [{ row: 3, field: 'Tipo', message: 'escolha uma opção da lista' }],
        });
      }
      return undefined;
    });
    const user = await openList();
    await user.upload(screen.getByLabelText('Planilha do Excel (.xlsx)'), xlsx());
    const dialog = await screen.findByRole('dialog', { name: /Importar do Excel/ }, WAIT);
    await user.click(await within(dialog).findByRole('button', { name: 'Importar 3 linhas' }, WAIT));
    expect(await within(dialog).findByTestId('import-failed', {}, WAIT)).toHaveTextContent(
      'A importação falhou e nada foi gravado.',
    );
    expect(
      within(dialog)
        .getAllByTestId('import-error')
        .map((r) => r.textContent),
    ).toEqual(['3Tipoescolha uma opção da lista']);
    expect(within(dialog).queryByRole('button', { name: 'Importar 3 linhas' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Importação concluída/)).not.toBeInTheDocument();
  });
});
