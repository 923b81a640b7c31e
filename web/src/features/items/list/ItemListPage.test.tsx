import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { ExecuteFilterRequest, ListDefinition } from './types';

vi.setConfig({ testTimeout: 20_000 });

const definition: ListDefinition = {
  componentID: 4,
  componentName: 'Chamado',
  projectID: 0,
  columns: [
    {
      field: 'FormattedID',
      header: 'ID',
      type: 'INTEGER',
      width: 100,
      filterKind: 'text',
      dateTimeFormatType: 0,
      sortable: true,
    },
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
  queries: [
    { id: 7, name: 'Todos', isDefault: false },
    { id: 8, name: 'Abertos', isDefault: true },
  ],
  viewId: 7,
  queryId: 8,
  compact: false,
  statuses: [],
};

function listFetch(answer: (url: string, init?: RequestInit) => Response | undefined) {
  return mockFetch({}, (url, init) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 1, name: 'Central', htmlScripts: '' }]);
    return answer(url, init) ?? jsonResponse({ Message: 'unexpected call' }, 500);
  });
}

describe('/runtime/{appID}/list/...', () => {
  it('asks getListControlData and executeFilter with the route, and shows the total', async () => {
    setSession(makeSession());
    const bodies: ExecuteFilterRequest[] = [];
    const fetch = listFetch((url, init) => {
      if (url.includes('/api/genericItem/getListControlData')) return jsonResponse(definition);
      if (url.endsWith('/api/genericItem/executeFilter')) {
        bodies.push(JSON.parse(String(init?.body)) as ExecuteFilterRequest);
        return jsonResponse({
          rows: [{ id: 1, FormattedID: 12, Title: 'Impressora' }],
          total: 1,
          totalIsEstimate: false,
          page: 0,
          rowsPerPage: 25,
        });
      }
      return undefined;
    });
    renderApp('/runtime/1/list/4/4/8/7/Chamados');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chamados' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Chamado · 1 item')).toBeInTheDocument();
    const definitionCall = fetch.mock.calls
      .map(([input]) => String(input))
      .find((u) => u.includes('getListControlData'));
    expect(definitionCall).toContain('componentID=4');
    expect(definitionCall).toContain('viewId=7');
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0));
    expect(bodies[0]).toMatchObject({
      componentID: 4,
      queryId: 8,
      viewId: 7,
      page: 0,
      rowsPerPage: 25,
      projectId: 0,
      filters: [],
      logicSeparator: 'AND',
    });
    expect(screen.getByRole('link', { name: /Novo item/ })).toHaveAttribute('href', '/runtime/1/insertItem/4/0/4');
  });

  it('asks the first page while the definitions are still on their way, before the grid mounts', async () => {
    setSession(makeSession());
    let answerDefinition: (r: Response) => void = () => {};
    const pages: ExecuteFilterRequest[] = [];
    listFetch((url, init) => {
      if (url.includes('/api/genericItem/getListControlData'))
        return new Promise<Response>((resolve) => (answerDefinition = resolve)) as unknown as Response;
      if (url.endsWith('/api/genericItem/executeFilter')) {
        pages.push(JSON.parse(String(init?.body)) as ExecuteFilterRequest);
        return jsonResponse({
          rows: [{ id: 1, FormattedID: 12, Title: 'Impressora' }],
          total: 1,
          totalIsEstimate: false,
          page: 0,
          rowsPerPage: 25,
        });
      }
      return undefined;
    });
    renderApp('/runtime/1/list/4/4/8/7/Chamados');
    // Both requests in flight together: the definitions unanswered, the first page already asked.
    await waitFor(() => expect(pages).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(pages[0]).toMatchObject({ componentID: 4, queryId: 8, viewId: 7, page: 0, rowsPerPage: 25, filters: [] });
    answerDefinition(jsonResponse(definition));
    expect(await screen.findByText('Chamado · 1 item', undefined, { timeout: 10_000 })).toBeInTheDocument();
    // The grid took the page asked ahead of it.
    expect(pages).toHaveLength(1);
  });

  it('marks an estimated total with ≈ and reads it out in words', async () => {
    setSession(makeSession());
    listFetch((url) => {
      if (url.includes('/api/genericItem/getListControlData')) return jsonResponse(definition);
      if (url.endsWith('/api/genericItem/executeFilter'))
        return jsonResponse({
          rows: [{ id: 1, FormattedID: 12, Title: 'Impressora' }],
          total: 81951,
          totalIsEstimate: true,
          totalKind: 'estimate',
          page: 0,
          rowsPerPage: 25,
        });
      return undefined;
    });
    renderApp('/runtime/1/list/4/4/8/7/Chamados');
    const total = await screen.findByTestId('list-total-estimate', undefined, { timeout: 10_000 });
    expect(total).toHaveTextContent('≈ 81951 itens');
    expect(total).toHaveAccessibleName('cerca de 81951 itens (estimativa)');
  });

  it('says so when the list does not exist or is not readable', async () => {
    setSession(makeSession());
    listFetch((url) =>
      url.includes('getListControlData') ? jsonResponse({ Message: 'O registro não foi encontrado.' }, 404) : undefined,
    );
    renderApp('/runtime/1/list/99/1/1/1/Perdida');
    expect(
      await screen.findByText('Esta lista não existe ou você não tem acesso a ela.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao aplicativo' })).toHaveAttribute('href', '/runtime/1');
  });
});
