import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import { demoInitialData } from '../testing/demoForm';
import type { FormInitialData } from '../types';

// The predecessors control: what it sends and what it shows of the answers.

const design = {
  id: 610,
  FormattedID: 72,
  Title: 'Desenhar a rede',
  componentId: 1,
  componentName: 'Tarefa',
  StatusName: 'Concluída',
  StatusColor: '#66BB6A',
  type: 'FS',
  lag: 0,
  hidden: false,
};
const hidden = {
  id: 0,
  FormattedID: 0,
  Title: '',
  componentId: 0,
  componentName: '',
  StatusName: '',
  StatusColor: '',
  type: 'SS',
  lag: -1,
  hidden: true,
};
const list = (rows: unknown[], canEdit: boolean) => ({ rows, canEdit, maxLag: 3650, max: 200 });

function formWith(item = demoInitialData.item): FormInitialData {
  return {
    ...demoInitialData,
    item,
    form: { ...demoInitialData.form, controls: { kind: 'panel', children: [{ kind: 'predecessors' }] } },
  };
}

function serve(data: FormInitialData, answers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = mockFetch({}, (url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace('/api/genericItem/', '');
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    calls.push({ path, body });
    if (path === 'getFormInitialData') return jsonResponse(data);
    const answer = answers[path];
    return answer ? answer(body) : jsonResponse([]);
  });
  return { fetch, calls };
}

const opened = () => screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });

beforeEach(() => setSession(makeSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the predecessors control', { timeout: 30_000 }, () => {
  it('says that a new item takes predecessors once saved', async () => {
    const { calls } = serve(formWith({ ...demoInitialData.item, id: 0 }), {});
    renderApp('/editItem/1/501/1');
    await opened();
    expect(screen.getByText('Salve o item para definir as suas predecessoras.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'loadPredecessorsFormData')).toBe(false);
  });

  it('shows a reader the type and lag, names only readable items and offers no change', async () => {
    const { calls } = serve(formWith(), {
      loadPredecessorsFormData: () => jsonResponse(list([{ ...design, type: 'SS', lag: 2 }, hidden], false)),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Predecessoras' });
    expect(await within(section).findByRole('link', { name: 'Desenhar a rede' })).toHaveAttribute(
      'href',
      '/editItem/1/610/0',
    );
    const [, named, unnamed] = within(section).getAllByRole('row');
    expect(named).toHaveTextContent('Início para início (II)');
    expect(named).toHaveTextContent('+2 dias');
    expect(unnamed).toHaveTextContent('Item sem acesso');
    expect(unnamed).toHaveTextContent('−1 dia');
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'loadPredecessorsFormData')?.body).toEqual({
      itemId: '501',
      componentId: '1',
    });
  });

  it('adds an item found by the search with its type and lag, and refuses a lag out of bounds before sending', async () => {
    let rows: unknown[] = [design];
    const { calls } = serve(formWith(), {
      loadPredecessorsFormData: () => jsonResponse(list(rows, true)),
      loadPredecessorChoices: () =>
        jsonResponse([
          { id: 611, FormattedID: 80, Title: 'Comprar os switches', componentId: 1, componentName: 'Tarefa' },
        ]),
      addPredecessor: (body) => {
        rows = [
          ...rows,
          { ...design, id: 611, FormattedID: 80, Title: 'Comprar os switches', type: body.type, lag: body.lag },
        ];
        return jsonResponse(list(rows, true));
      },
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Predecessoras' });
    await within(section).findByRole('link', { name: 'Desenhar a rede' });

    await userEvent.type(within(section).getByRole('combobox', { name: 'Buscar um item predecessor' }), '80');
    await waitFor(() =>
      expect(
        calls.find((call) => call.path === 'loadPredecessorChoices' && call.body.text === '80')?.body,
      ).toMatchObject({ itemId: 501, componentId: 1, predecessorComponentId: 0 }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /#80 Comprar os switches/ }));
    await userEvent.click(within(section).getByRole('combobox', { name: 'Tipo de dependência' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Início para início (II)' }));
    const lag = within(section).getByRole('textbox', { name: 'Defasagem (dias)' });
    await userEvent.clear(lag);
    await userEvent.type(lag, '4000');
    expect(within(section).getByText('Um número inteiro de dias, de -3650 a 3650.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    await userEvent.clear(lag);
    await userEvent.type(lag, '2');
    await userEvent.click(within(section).getByRole('button', { name: 'Adicionar' }));
    expect(await within(section).findByRole('link', { name: 'Comprar os switches' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'addPredecessor')?.body).toEqual({
      itemId: 501,
      componentId: 1,
      predecessorComponentId: 0,
      predecessorId: 611,
      type: 'SS',
      lag: 2,
    });
    expect(
      within(section).getByRole('combobox', { name: 'Tipo de dependência de #80 Comprar os switches' }),
    ).toHaveTextContent('Início para início (II)');
    expect(within(section).getByRole('textbox', { name: 'Defasagem em dias de #80 Comprar os switches' })).toHaveValue(
      '2',
    );
  });

  it('changes the lag of a predecessor when the user leaves the field, and removes one', async () => {
    let rows: unknown[] = [design];
    const { calls } = serve(formWith(), {
      loadPredecessorsFormData: () => jsonResponse(list(rows, true)),
      updatePredecessor: (body) => {
        rows = [{ ...design, type: body.type, lag: body.lag }];
        return jsonResponse(list(rows, true));
      },
      removePredecessor: () => {
        rows = [];
        return jsonResponse(list(rows, true));
      },
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Predecessoras' });
    const lag = await within(section).findByRole('textbox', { name: 'Defasagem em dias de #72 Desenhar a rede' });
    await userEvent.clear(lag);
    await userEvent.type(lag, '-3');
    await userEvent.tab();
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'updatePredecessor')?.body).toEqual({
        itemId: 501,
        componentId: 1,
        predecessorComponentId: 0,
        predecessorId: 610,
        type: 'FS',
        lag: -3,
      }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Remover a predecessora #72 Desenhar a rede' }));
    expect(await within(section).findByText('Nenhuma predecessora: o item não depende de outro.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'removePredecessor')?.body).toEqual({
      itemId: 501,
      componentId: 1,
      predecessorComponentId: 0,
      predecessorId: 610,
    });
  });

  it('shows the server refusal of a cycle in the control', async () => {
    serve(formWith(), {
      loadPredecessorsFormData: () => jsonResponse(list([], true)),
      loadPredecessorChoices: () =>
        jsonResponse([{ id: 612, FormattedID: 81, Title: 'Instalar', componentId: 1, componentName: 'Tarefa' }]),
      addPredecessor: () =>
        jsonResponse(
          { Message: '#81 Instalar já depende deste item, direta ou indiretamente: a dependência criaria um ciclo.' },
          400,
        ),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Predecessoras' });
    await userEvent.click(await within(section).findByRole('combobox', { name: 'Buscar um item predecessor' }));
    await userEvent.click(await screen.findByRole('option', { name: /#81 Instalar/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Adicionar' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '#81 Instalar já depende deste item, direta ou indiretamente: a dependência criaria um ciclo.',
    );
  });
});
