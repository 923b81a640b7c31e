import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { dateInput, dateText, typeDate } from '../../test/dates';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { demoInitialData, demoItem } from './testing/demoForm';

type Handler = (body: Record<string, unknown>) => Response;

/** The form calls answered as the server would; `save` decides what saveItem answers. */
function serve(
  save: Handler = () =>
    jsonResponse({
      Message: 'Item Salvo com Sucesso',
      id: 501,
      FormattedID: 181,
      version: 3,
      modificationDateTicks: 639310173545768960,
      item: { ...demoItem, Version: 3 },
      display: demoInitialData.display,
    }),
) {
  const saves: Record<string, unknown>[] = [];
  const fetch = mockFetch({}, (url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.includes('/genericItem/getFormInitialData')) return jsonResponse(demoInitialData);
    if (url.includes('/genericItem/saveItem')) {
      saves.push(body);
      return save(body);
    }
    if (url.includes('/genericItem/loadPicklistItems')) {
      const options: Record<number, unknown[]> = {
        1: [
          { value: 'low', text: 'Baixa', color: '#66BB6A' },
          { value: 'high', text: 'Alta', color: '#EF5350' },
        ],
        2: [
          { value: 'it', text: 'Tecnologia' },
          { value: 'ops', text: 'Operações' },
        ],
        3: [{ value: 'dev', text: 'Desenvolvimento', parentValue: 'it' }],
      };
      return jsonResponse(options[body.picklistId as number] ?? []);
    }
    if (url.includes('/genericItem/executeWindowCallResultFunction')) {
      return (body.params as { days?: number }).days === 3
        ? jsonResponse({ Message: 'Prazo adiado.', item: { dueDate: '2026-01-08T00:00:00Z' }, changed: ['dueDate'] })
        : jsonResponse(
            { Message: 'Preencha o campo Dias.', Validations: [{ Field: 'days', Message: 'Preencha o campo Dias.' }] },
            400,
          );
    }
    if (url.includes('/genericItem/refreshItem'))
      return jsonResponse({ changed: false, modificationDateTicks: 0, version: 2, modifierName: '' });
    if (url.includes('/genericItem/getHistory')) return jsonResponse([]);
    if (url.includes('/genericItem/loadAttachments'))
      return jsonResponse({ files: [], content: null, maxCount: 20, maxSize: 26214400, canEdit: true });
    return jsonResponse([]);
  });
  return { fetch, saves };
}

/** The page is a lazy chunk: the first render may take a while in jsdom. */
const opened = () => screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });

beforeEach(() => {
  setSession(makeSession());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the item form page', { timeout: 30_000 }, () => {
  it('shows the item with the spec formats and a tab per panel', async () => {
    serve();
    renderApp('/editItem/1/501/1');
    expect(await opened()).toBeInTheDocument();
    expect(screen.getByText('Tarefa #181')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Migrar o relatório');
    await userEvent.click(screen.getByRole('tab', { name: 'Planejamento' }));
    expect(screen.getByRole('textbox', { name: 'Custo' })).toHaveValue('1.234,50');
    expect(screen.getByRole('textbox', { name: 'Progresso' })).toHaveValue('40,00');
    expect(dateText(dateInput(screen, 'Prazo'))).toBe('05/01/2026');
    await userEvent.click(screen.getByRole('tab', { name: 'Arquivos e histórico' }));
    expect(await screen.findByText('Nenhum arquivo anexado.')).toBeInTheDocument();
    expect(
      screen.getByText('0 de 20 arquivos · até 25 MB por arquivo · Arraste arquivos para cá para anexá-los.'),
    ).toBeInTheDocument();
  });

  it('refuses a number out of range on the field without calling the server', async () => {
    const { saves } = serve();
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('tab', { name: 'Planejamento' }));
    const progress = screen.getByRole('textbox', { name: 'Progresso' });
    await userEvent.clear(progress);
    await userEvent.type(progress, '150');
    await userEvent.tab();
    expect(await screen.findByText('o valor deve estar entre 0 e 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Geral' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // The save goes back to the tab holding the refused field.
    expect(await screen.findByText('o valor deve estar entre 0 e 100')).toBeInTheDocument();
    expect(await screen.findByText('Verifique os campos: Progresso.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('saves with the version stamp and says so', async () => {
    const { saves } = serve();
    renderApp('/editItem/1/501/1');
    await opened();
    const title = screen.getByRole('textbox', { name: 'Título' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Novo título');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Item Salvo com Sucesso')).toBeInTheDocument();
    expect(saves[0]).toMatchObject({
      component: 1,
      formID: 1,
      saveAndClear: false,
      item: { id: 501, modificationDateTicks: 639310173545768580, Title: 'Novo título', cost: 1234.5 },
    });
  });

  it('types a date by keyboard, checks it on leaving and saves it as the server reads it', async () => {
    const { saves } = serve();
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('tab', { name: 'Planejamento' }));
    const due = dateInput(screen, 'Prazo');
    await typeDate(userEvent, due, '3102');
    await userEvent.tab();
    expect(await screen.findByText('data incorreta')).toBeInTheDocument();
    await typeDate(userEvent, due, '15032026');
    expect(dateText(due)).toBe('15/03/2026');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('data incorreta')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Item Salvo com Sucesso')).toBeInTheDocument();
    expect(saves[0]).toMatchObject({ item: { id: 501, dueDate: '2026-03-15' } });
  });

  it('puts the server field messages on their fields', async () => {
    serve(() =>
      jsonResponse(
        {
          Message: 'Código: preencha no formato aaa-9999',
          Validations: [{ Field: 'Title', Message: 'já existe um item com este título' }],
        },
        400,
      ),
    );
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('já existe um item com este título')).toBeInTheDocument();
    expect(screen.getByText('Código: preencha no formato aaa-9999')).toBeInTheDocument();
  });

  it('shows a stale save refused by the server and offers to reload', async () => {
    const message =
      'O item foi alterado por Joana depois que você o abriu (agora na versão 3). Atualize o item e refaça suas alterações; nada foi gravado.';
    const { fetch } = serve(() => jsonResponse({ Message: message }, 409));
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    const loads = () => fetch.mock.calls.filter(([url]) => String(url).includes('getFormInitialData')).length;
    const before = loads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recarregar o item' }));
    await waitFor(() => expect(loads()).toBe(before + 1));
  });

  it('shows a refusal of the right to edit as the server words it', async () => {
    serve(() => jsonResponse({ Message: 'O usuário não possui permissão de editar o item.' }, 403));
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O usuário não possui permissão de editar o item.')).toBeInTheDocument();
  });

  it("runs a button's rule after its window and puts the changed field in the form, unsaved", async () => {
    const { saves } = serve();
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('tab', { name: 'Arquivos e histórico' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adiar prazo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adiar prazo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar' }));
    expect(await within(dialog).findByText('Preencha o campo Dias.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Dias' }), '3{Enter}');
    expect(await screen.findByText('Prazo adiado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('tab', { name: 'Planejamento' }));
    expect(dateText(dateInput(screen, 'Prazo'))).toBe('08/01/2026');
    expect(saves).toHaveLength(0); // the window's submit is not the item form's
  });

  it('asks before leaving with unsaved changes', async () => {
    serve();
    const { router } = renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), ' (rascunho)');
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    const ask = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editItem/1/501/1');
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Migrar o relatório (rascunho)');
  });

  it('tells a user without the right to edit and offers no save', async () => {
    mockFetch({}, (url) =>
      url.includes('getFormInitialData') ? jsonResponse({ ...demoInitialData, canEdit: false }) : jsonResponse([]),
    );
    renderApp('/editItem/1/501/1');
    await opened();
    expect(screen.getByText('O usuário não possui permissão de editar o item.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeDisabled();
  });
});
