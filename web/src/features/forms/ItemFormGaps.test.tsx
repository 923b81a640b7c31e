import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { demoInitialData, demoItem, demoTree } from './testing/demoForm';
import type { FormControl, FormInitialData } from './types';

type Calls = { url: string; body: Record<string, unknown> }[];

// The demo form's picklists: priority, area, and subarea depending on area.
const picklists: Record<number, unknown[]> = {
  1: [{ value: 'low', text: 'Baixa' }],
  2: [{ value: 'it', text: 'Tecnologia' }],
  3: [{ value: 'dev', text: 'Desenvolvimento', parentValue: 'it' }],
};

/** The form calls answered as the server would, with overrides by call name. */
function serve(
  overrides: Record<string, (body: Record<string, unknown>, calls: Calls) => Response> = {},
  initial: () => FormInitialData = () => demoInitialData,
) {
  const calls: Calls = [];
  mockFetch({}, (url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ url, body });
    for (const [name, answer] of Object.entries(overrides))
      if (url.includes(`/genericItem/${name}`)) return answer(body, calls);
    if (url.includes('/genericItem/getFormInitialData')) return jsonResponse(initial());
    if (url.includes('/genericItem/refreshItem'))
      return jsonResponse({ changed: false, modificationDateTicks: 0, version: 2, modifierName: '' });
    if (url.includes('/genericItem/loadPicklistItems')) return jsonResponse(picklists[body.picklistId as number] ?? []);
    return jsonResponse([]);
  });
  return calls;
}

const opened = () => screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });
const named = (calls: Calls, name: string) => calls.filter((c) => c.url.includes(`/genericItem/${name}`));

beforeEach(() => {
  setSession(makeSession());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the item form', { timeout: 60_000 }, () => {
  it('puts every field the server refuses on its field and opens the first tab holding one', async () => {
    serve({
      saveItem: () =>
        jsonResponse(
          {
            Message: 'Verifique os campos: Custo, Código.',
            Validations: [
              { Field: 'code', Message: 'preencha no formato aaa-9999' },
              { Field: 'cost', Message: 'o valor deve estar entre 0 e 1000' },
            ],
          },
          400,
        ),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Verifique os campos: Custo, Código.')).toBeInTheDocument();
    // Planejamento comes before Local e contato: it opens, with the cost's message.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Planejamento/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('textbox', { name: 'Custo' })).toHaveAccessibleDescription(
      'o valor deve estar entre 0 e 1000',
    );
    await userEvent.click(screen.getByRole('tab', { name: /Local e contato/ }));
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAccessibleDescription('preencha no formato aaa-9999');
  });

  it('says why the user may not edit, in the server words, with read-only controls', async () => {
    serve({}, () => ({
      ...demoInitialData,
      canEdit: false,
      cannotEditReason: 'O usuário participa do projeto Transformação Digital somente para leitura.',
    }));
    renderApp('/editItem/1/501/1');
    await opened();
    expect(
      screen.getByText('O usuário participa do projeto Transformação Digital somente para leitura.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tramitar' })).not.toBeInTheDocument();
  });

  it('offers the statuses of the type with their colours and the work calendars', async () => {
    const general = demoTree.children?.[0] as FormControl;
    const tree: FormControl = {
      ...demoTree,
      children: [
        {
          ...general,
          children: [
            ...(general.children ?? []),
            {
              kind: 'dropdown',
              field: 'phase',
              label: 'Fase',
              attributeType: 'ITEM_TYPE_STATUS',
              componentId: 1,
              width: 6,
            },
            { kind: 'dropdown', field: 'workCalendar', label: 'Calendário', attributeType: 'CALENDAR', width: 6 },
          ],
        },
        ...(demoTree.children ?? []).slice(1),
      ],
    };
    const calls = serve(
      {
        loadItemTypeStatuses: () =>
          jsonResponse([
            { id: 11, name: 'A fazer', color: '#90A4AE', initial: true, final: false },
            { id: 12, name: 'Em andamento', color: '#42A5F5', initial: false, final: false },
          ]),
        loadCalendars: () => jsonResponse([{ id: 7, name: 'Sala de reunião', weeklyMinutes: 510, periods: 2 }]),
        saveItem: () =>
          jsonResponse({
            Message: 'Item Salvo com Sucesso',
            id: 501,
            version: 3,
            modificationDateTicks: 1,
            item: demoItem,
            display: {},
          }),
      },
      () => ({ ...demoInitialData, form: { ...demoInitialData.form, controls: tree } }),
    );
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('combobox', { name: 'Fase' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Em andamento' }));
    expect(named(calls, 'loadItemTypeStatuses')[0]?.body).toMatchObject({ componentId: 1 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Calendário' }));
    const calendar = await screen.findByRole('option', { name: /Sala de reunião/ });
    expect(calendar).toHaveTextContent('8,5 h de trabalho por semana · 2 períodos');
    await userEvent.click(calendar);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(named(calls, 'saveItem')).toHaveLength(1));
    expect(named(calls, 'saveItem')[0]?.body).toMatchObject({ item: { phase: 12, workCalendar: 7 } });
    expect(screen.queryByText(/Ainda não disponível/)).not.toBeInTheDocument();
  });

  it("runs the item's workflow action from the form and reads the item again", async () => {
    let moved = false;
    const calls = serve(
      {
        getActions: () =>
          jsonResponse([
            {
              id: 5,
              key: 'start',
              name: 'Iniciar',
              from: [],
              to: { id: 2, key: 'doing', name: 'Em andamento', color: '#42A5F5', final: false },
              asksReason: false,
              requiresReason: false,
              asksResponsible: false,
              ruleId: 0,
            },
          ]),
        triggerAction: () => {
          moved = true;
          return jsonResponse({ Message: 'Tramitação executada.', items: [] });
        },
      },
      () =>
        moved
          ? {
              ...demoInitialData,
              item: { ...demoItem, StatusID: 2, StatusName: 'Em andamento', StatusColor: '#42A5F5', Version: 3 },
            }
          : demoInitialData,
    );
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Tramitar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Iniciar/ }));
    expect(await screen.findByText('1 item tramitado para Em andamento.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Status: Em andamento')).toBeInTheDocument();
    expect(screen.getByText('Versão 3')).toBeInTheDocument();
    expect(named(calls, 'getActions')[0]?.body).toMatchObject({ componentId: 1, ids: [501] });
    expect(named(calls, 'triggerAction')[0]?.body).toMatchObject({ componentId: 1, ids: [501], action: 5 });
  });

  it('asks to save first when the form holds unsaved changes', async () => {
    const calls = serve({
      saveItem: () =>
        jsonResponse({
          Message: 'Item Salvo com Sucesso',
          id: 501,
          version: 3,
          modificationDateTicks: 1,
          item: { ...demoItem, Title: 'Migrar o relatório 2' },
          display: {},
        }),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Tramitar' }));
    const ask = await screen.findByRole('dialog', { name: 'Salvar antes de tramitar?' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const asked = named(calls, 'getActions').length;
    await userEvent.click(within(ask).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Item Salvo com Sucesso')).toBeInTheDocument();
    expect(named(calls, 'saveItem')[0]?.body).toMatchObject({ item: { Title: 'Migrar o relatório 2' } });
    // Saved: the button is the actions menu again, asking the saved item's actions.
    await waitFor(() => expect(named(calls, 'getActions').length).toBeGreaterThan(asked));
    expect(screen.getByRole('button', { name: 'Tramitar' })).toHaveAttribute('aria-haspopup', 'menu');
  });
  it('save and clear on a child keeps the parent for the next one', async () => {
    const fresh: FormInitialData = {
      ...demoInitialData,
      isNew: true,
      modificationDateTicks: 0,
      item: {
        id: 0,
        ProjectID: 1,
        ProjectName: 'Transformação Digital',
        StatusName: 'A fazer',
        Parent: 501,
        ParentTitle: 'Migrar o relatório',
        Title: '',
        priority: 'low',
      },
      display: {},
    };
    const calls = serve(
      {
        saveItem: (body) =>
          jsonResponse({
            Message: 'Item Salvo com Sucesso',
            id: 900,
            version: 1,
            modificationDateTicks: 1,
            item: { ...(body.item as object), id: 900 },
            display: {},
            next: fresh,
          }),
      },
      () => fresh,
    );
    renderApp('/insertItem/1/1/1?parentID=501');
    expect(await screen.findByText('Item pai: Migrar o relatório', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(named(calls, 'getFormInitialData')[0]?.body).toMatchObject({ parentID: 501 });
    for (const title of ['Um', 'Dois']) {
      await userEvent.type(screen.getByRole('textbox', { name: 'Título' }), title);
      await userEvent.click(screen.getByRole('button', { name: 'Salvar e limpar' }));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(''));
    }
    const saves = named(calls, 'saveItem');
    expect(saves).toHaveLength(2);
    expect(saves.map((c) => c.body)).toMatchObject([
      { saveAndClear: true, item: { Title: 'Um', Parent: 501 } },
      { saveAndClear: true, item: { Title: 'Dois', Parent: 501 } },
    ]);
    expect(screen.getByText('Item pai: Migrar o relatório')).toBeInTheDocument();
  });
});
