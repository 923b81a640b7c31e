import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { dateInput, typeDate } from '../../test/dates';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { Operation } from './api';

vi.setConfig({ testTimeout: 60_000 });

const summary: Operation = {
  id: 5,
  key: 'taskSummary',
  name: 'Resumo de tarefas',
  applicationId: 3,
  componentId: null,
  bulk: false,
  result: 'file',
  parameters: [
    {
      key: 'priority',
      name: 'Prioridade',
      type: 'PICKLIST',
      required: true,
      options: [
        { value: 'low', text: 'Baixa', color: '#66BB6A' },
        { value: 'high', text: 'Alta', color: '#EF5350' },
      ],
    },
    { key: 'openOnly', name: 'Somente não concluídas', type: 'BOOLEAN', required: false },
    { key: 'times', name: 'Vezes', type: 'INTEGER', required: false },
    { key: 'budget', name: 'Orçamento', type: 'CURRENCY', required: false },
    { key: 'since', name: 'Desde', type: 'DATE_TIME', required: false },
    { key: 'note', name: 'Nota', type: 'STRING', required: false },
  ],
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function operationFetch(run: Handler) {
  return mockFetch({}, (url, init) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 3, name: 'Gestão de Projetos', htmlScripts: '', htmlScriptsUrl: '' }]);
    if (url.endsWith('/api/genericItem/getOperation')) return jsonResponse(summary);
    if (url.endsWith('/api/genericItem/executeOperationCallResultFunction')) return run(url, init);
    return jsonResponse({ Message: 'unexpected call' }, 500);
  });
}

const runCall = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.find(([url]) => String(url).endsWith('/executeOperationCallResultFunction'));

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }, { timeout: 20_000 }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/runtime/{appID}/operation/{operationID}/{title}', () => {
  it('builds the form from getOperation and sends the values typed as the rule reads them', async () => {
    setSession(makeSession());
    const fetch = operationFetch(() => jsonResponse({ Message: '3 tarefa(s) atualizadas.', result: 'message' }));
    const user = userEvent.setup();
    renderApp('/runtime/3/operation/5/Relat%C3%B3rio%20de%20tarefas');
    expect(
      await screen.findByRole('heading', { name: 'Relatório de tarefas' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const getOperation = fetch.mock.calls.find(([url]) => String(url).endsWith('/getOperation'))!;
    expect(JSON.parse(String(getOperation[1]!.body))).toEqual({ operationId: 5, appID: 3 });

    // Required, with the picklist's own values.
    expect(await screen.findByRole('combobox', { name: /Prioridade/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    expect(await screen.findByText('preencha este campo')).toBeInTheDocument();
    expect(runCall(fetch)).toBeUndefined();

    await choose(user, /Prioridade/, 'Alta');
    await user.click(screen.getByRole('checkbox', { name: 'Somente não concluídas' }));
    await user.type(screen.getByRole('textbox', { name: 'Vezes' }), '12a3');
    await user.type(screen.getByRole('textbox', { name: 'Orçamento' }), '1234,5');
    await typeDate(user, dateInput(screen, 'Desde'), '05012025');
    await user.click(screen.getByRole('button', { name: 'Executar' }));

    expect(await screen.findByText('3 tarefa(s) atualizadas.')).toBeInTheDocument();
    const [, init] = runCall(fetch)!;
    expect(JSON.parse(String(init!.body))).toEqual({
      operationId: 5,
      appID: 3,
      params: { priority: 'high', openOnly: true, times: 123, budget: 1234.5, since: '2025-01-05' },
    });
  });

  it("puts the server's parameter messages on their fields, in the caller's language", async () => {
    setSession(makeSession());
    localStorage.setItem('language', 'en');
    const fetch = operationFetch((_url, init) => {
      const language = new Headers(init?.headers).get('Accept-Language');
      return jsonResponse(
        {
          Message:
            language === 'en' ? 'The value of the field Vezes is invalid.' : 'O valor do campo Vezes é inválido.',
          Validations: [
            {
              Field: 'times',
              Message:
                language === 'en' ? 'The value of the field Vezes is invalid.' : 'O valor do campo Vezes é inválido.',
            },
          ],
        },
        400,
      );
    });
    const user = userEvent.setup();
    try {
      renderApp('/runtime/3/operation/5/Report');
      await choose(user, /Prioridade/, 'Baixa');
      await user.type(await screen.findByRole('textbox', { name: 'Vezes' }), '99999');
      await user.click(screen.getByRole('button', { name: 'Run' }));
      const field = screen.getByRole('textbox', { name: 'Vezes' });
      await waitFor(() => expect(field).toHaveAccessibleDescription('The value of the field Vezes is invalid.'));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(await screen.findByText('Check the highlighted fields.')).toBeInTheDocument();
      expect(new Headers(runCall(fetch)![1]!.headers).get('Accept-Language')).toBe('en');
    } finally {
      localStorage.removeItem('language');
    }
  });

  it('downloads a file result under the name of its Content-Disposition', async () => {
    setSession(makeSession());
    const csv = '"ID";"Título"\r\n"1";"Planejar"\r\n';
    operationFetch(
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': "attachment; filename*=utf-8''relat%C3%B3rio-alta.csv",
          },
        }),
    );
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return `blob:operation/${created.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const user = userEvent.setup();
    renderApp('/runtime/3/operation/5/Relat%C3%B3rio');
    await choose(user, /Prioridade/, 'Alta');
    await user.click(screen.getByRole('button', { name: 'Executar' }));

    const status = await screen.findByRole('status');
    expect(await within(status).findByText('Arquivo relatório-alta.csv (0,0 KB) baixado.')).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:operation/1', download: 'relatório-alta.csv' }]);
    expect(await created[0]!.text()).toBe(csv);

    await user.click(within(status).getByRole('button', { name: 'Baixar de novo' }));
    expect(saved.map((s) => s.download)).toEqual(['relatório-alta.csv', 'relatório-alta.csv']);
  });

  it('shows a table result with the values formatted as the spec says', async () => {
    setSession(makeSession());
    operationFetch(() =>
      jsonResponse({
        Message: '2 tarefa(s).',
        result: 'table',
        columns: [
          { key: 'id', name: 'ID' },
          { key: 'done', name: 'Concluída' },
          { key: 'progress', name: 'Progresso' },
          { key: 'due', name: 'Prazo' },
        ],
        rows: [
          { id: 1234, done: true, progress: 12.349, due: '2025-03-01T00:00:00Z' },
          { id: 7, done: false, progress: 0, due: '2025-03-02' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderApp('/runtime/3/operation/5/Tabela');
    await choose(user, /Prioridade/, 'Alta');
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    const table = await screen.findByRole('table', { name: 'Resultado' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['ID', 'Concluída', 'Progresso', 'Prazo'],
      ['1234', 'Sim', '12,34', '01/03/2025'],
      ['7', 'Não', '0', '02/03/2025'],
    ]);
    expect(screen.getByText('2 tarefa(s).')).toBeInTheDocument();
    expect(screen.getByText('2 linhas')).toBeInTheDocument();
  });

  it("shows the server's message for an operation the user may not run", async () => {
    setSession(makeSession());
    mockFetch({}, (url) => {
      if (url.includes('/api/application/getApplicationMenu'))
        return jsonResponse([[], { id: 3, name: 'Gestão de Projetos', htmlScripts: '', htmlScriptsUrl: '' }]);
      if (url.endsWith('/api/genericItem/getOperation'))
        return jsonResponse({ Message: 'A operação não existe.' }, 404);
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    renderApp('/runtime/3/operation/99/Secreta');
    expect(await screen.findByText('A operação não existe.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar à aplicação' })).toHaveAttribute('href', '/runtime/3');
  });
});
