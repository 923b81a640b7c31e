import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { KanbanBoard } from './api';

vi.setConfig({ testTimeout: 60_000 });

const board: KanbanBoard = {
  view: {
    id: 9,
    key: 'board',
    name: 'Quadro',
    componentId: 4,
    componentKey: 'ticket',
    componentName: 'Chamado',
    applicationId: 3,
  },
  queryId: 8,
  queries: [{ id: 8, name: 'Abertos', isDefault: true }],
  viewQuery: null,
  colorField: 'severity',
  swimlane: '',
  swimlanes: [{ field: 'ResponsibleName', name: '', options: [], capped: false, dependsOn: '' }],
  columns: [
    {
      id: 1,
      key: 'new',
      name: 'Novo',
      color: '#90A4AE',
      initial: true,
      final: false,
      wipLimit: 0,
      wipDefault: 0,
      total: 1,
      cards: [
        {
          id: 101,
          FormattedID: 12,
          title: 'Impressora parada',
          statusId: 1,
          responsibleId: 7,
          color: '#EF5350',
          values: {},
          modificationDateTicks: 1,
        },
      ],
    },
    {
      id: 2,
      key: 'inService',
      name: 'Em atendimento',
      color: '#42A5F5',
      initial: false,
      final: false,
      wipLimit: 1,
      wipDefault: 0,
      total: 2,
      cards: [
        {
          id: 102,
          FormattedID: 13,
          title: 'Rede lenta',
          statusId: 2,
          responsibleId: null,
          color: '',
          values: {},
          modificationDateTicks: 1,
        },
        {
          id: 103,
          FormattedID: 14,
          title: 'VPN',
          statusId: 2,
          responsibleId: null,
          color: '',
          values: {},
          modificationDateTicks: 1,
        },
      ],
    },
  ],
  users: [{ id: 7, name: 'Maria Souza', avatar: '' }],
  pageSize: 500,
  canConfigure: false,
  wipStrict: false,
};

const take = {
  id: 31,
  key: 'take',
  name: 'Atender',
  from: [{ id: 1, key: 'new', name: 'Novo', color: '', final: false }],
  to: { id: 2, key: 'inService', name: 'Em atendimento', color: '', final: false },
  asksReason: true,
  requiresReason: true,
  asksResponsible: false,
  ruleId: 0,
};

function boardFetch(other: (url: string, init?: RequestInit) => Response, answer: KanbanBoard = board) {
  return mockFetch({}, (url, init) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 3, name: 'Central', htmlScripts: '', htmlScriptsUrl: '' }]);
    if (url.includes('/api/kanban/getBoard?')) return jsonResponse(answer);
    return other(url, init);
  });
}

describe('/runtime/{appID}/kanban/{viewID}/{title}', () => {
  it('shows a column per status with its cards, count and WIP limit', async () => {
    setSession(makeSession());
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500));
    renderApp('/runtime/3/kanban/9/Quadro%20de%20chamados');
    expect(await screen.findByRole('heading', { name: 'Quadro de chamados' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Novo' })).toBeInTheDocument();
    const card = screen.getByLabelText('Chamado 12: Impressora parada');
    expect(within(card).getByText('#12')).toBeInTheDocument();
    expect(within(card).getByText('MS')).toBeInTheDocument();
    expect(screen.getByLabelText('Limite WIP: 2/1')).toBeInTheDocument();
  });

  it('announces a card as a link to its item with its status, responsible and place, and a count as cards', async () => {
    setSession(makeSession());
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500));
    renderApp('/runtime/3/kanban/9/Quadro');
    const card = await screen.findByRole('link', { name: 'Chamado 13: Rede lenta' }, { timeout: 20_000 });
    expect(card).toHaveAttribute('href', '/runtime/3/editItem/4/102/0');
    expect(card).toHaveAccessibleDescription('status Em atendimento, cartão 1 de 2 na coluna Em atendimento');
    expect(screen.getByRole('link', { name: 'Chamado 12: Impressora parada' })).toHaveAccessibleDescription(
      'status Novo, responsável Maria Souza, cartão 1 de 1 na coluna Novo',
    );
    const column = screen.getAllByRole('list', { name: 'Coluna Em atendimento' })[0]!;
    expect(within(column).getAllByRole('listitem')[1]).toHaveAttribute('aria-posinset', '2');
    expect(within(column).getAllByRole('listitem')[1]).toHaveAttribute('aria-setsize', '2');
    expect(screen.getByText('2 cartões')).toBeInTheDocument();
  });

  it('says the package query that bounds the board, warns past a WIP limit, and offers the package default', async () => {
    setSession(makeSession());
    const bounded: KanbanBoard = {
      ...board,
      viewQuery: { id: 5, name: 'Urgentes', isDefault: false },
      canConfigure: true,
      columns: board.columns.map((c) => (c.id === 2 ? { ...c, wipDefault: 1 } : c)),
    };
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500), bounded);
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    expect(
      await screen.findByText(/Chamado · 3 cartões · quadro restrito a Urgentes/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    // Em atendimento holds 2 cards against a limit of 1: a warning sign in its header, and none in Novo's.
    expect(screen.getByRole('img', { name: 'Acima do limite WIP (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Acima do limite WIP/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Opções da coluna Em atendimento' }));
    await user.click(screen.getByRole('menuitem', { name: 'Limite WIP…' }));
    expect(await screen.findByLabelText(/padrão do pacote: 1/)).toBeInTheDocument();
  });

  it('shows the estimate of a column too large to count marked "≈", and says it is one', async () => {
    setSession(makeSession());
    const large: KanbanBoard = {
      ...board,
      columns: board.columns.map((c) => (c.id === 1 ? { ...c, total: 252453, totalKind: 'estimate' as const } : c)),
    };
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500), large);
    renderApp('/runtime/3/kanban/9/Quadro');
    expect(
      await screen.findByText(/Chamado · cerca de 252455 cartões \(estimativa\)/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    // The header shows "≈ 252453" and reads the words (a hidden text beside it).
    const words = screen.getByText('cerca de 252453 cartões (estimativa)');
    expect(words.parentElement).toHaveTextContent('≈ 252453');
    expect(screen.getByText('2 cartões').parentElement).toHaveTextContent(/^22 cartões$/);
  });

  it('refuses a move with no action leading there: the card stays and the reason shows', async () => {
    setSession(makeSession());
    const fetch = boardFetch((url) => {
      if (url.endsWith('/api/genericItem/getActions')) {
        return jsonResponse({ Message: 'Não existem tramitações disponiveis para os item(s) selecionado(s)!' }, 422);
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    await user.click(await screen.findByRole('button', { name: 'Ações do cartão 12' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Mover para Em atendimento' }));
    expect(
      await screen.findByText('Não há tramitação de “Novo” para “Em atendimento” que você possa executar.'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/triggerAction'))).toBe(false);
    const novo = screen.getAllByLabelText('Coluna Novo')[0]!;
    expect(within(novo).getByLabelText('Chamado 12: Impressora parada')).toBeInTheDocument();
  });

  it('asks the reason an action requires, confirms past the WIP limit, and runs triggerAction', async () => {
    setSession(makeSession());
    const fetch = boardFetch((url) => {
      if (url.endsWith('/api/genericItem/getActions')) return jsonResponse([take]);
      if (url.endsWith('/api/genericItem/triggerAction'))
        return jsonResponse({ Message: '1 item(s) tramitado(s) para Em atendimento.', items: [] });
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    await user.click(await screen.findByRole('button', { name: 'Ações do cartão 12' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Mover para Em atendimento' }));
    // The column is at its limit: a confirmation first.
    expect(
      await screen.findByText(
        'A coluna Em atendimento está no limite WIP (1). Mover mesmo assim?',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /sim|yes/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Motivo da mudança' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cliente ligou');
    await user.click(ok);
    expect(await screen.findByText('1 item tramitado para Em atendimento.')).toBeInTheDocument();
    const trigger = fetch.mock.calls.find(([url]) => String(url).endsWith('/triggerAction'))!;
    expect(JSON.parse(String(trigger[1]!.body))).toEqual({
      componentId: 4,
      ids: [101],
      action: 31,
      reason: 'Cliente ligou',
      responsibleId: 0,
    });
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).includes('/kanban/getBoard?')).length).toBeGreaterThan(1),
    );
  });

  it('stops the Tab key once per column and moves between cards with the arrows', async () => {
    setSession(makeSession());
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500));
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    const first = await screen.findByRole('link', { name: 'Chamado 13: Rede lenta' }, { timeout: 20_000 });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: 'Chamado 14: VPN' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('button', { name: 'Ações do cartão 14' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chamado 14: VPN' })).toHaveFocus());
    // The Tab key comes back to the card the keyboard was last on.
    expect(screen.getByRole('link', { name: 'Chamado 14: VPN' })).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chamado 12: Impressora parada' })).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('link', { name: 'Chamado 12: Impressora parada' })).toHaveFocus();
  });

  it('keeps a card moved from the keyboard in its new column, busy, with the focus, until the reloaded board has it there', async () => {
    setSession(makeSession());
    const plain = { ...take, asksReason: false, requiresReason: false };
    const moved: KanbanBoard = {
      ...board,
      columns: [
        { ...board.columns[0]!, total: 0, cards: [] },
        {
          ...board.columns[1]!,
          wipLimit: 0,
          total: 3,
          cards: [{ ...board.columns[0]!.cards[0]!, statusId: 2 }, ...board.columns[1]!.cards],
        },
      ],
    };
    let boards = 0;
    let reload: (r: Response) => void = () => undefined;
    mockFetch({}, (url) => {
      if (url.includes('/api/application/getApplicationMenu'))
        return jsonResponse([[], { id: 3, name: 'Central', htmlScripts: '', htmlScriptsUrl: '' }]);
      if (url.includes('/api/kanban/getBoard?')) {
        boards++;
        if (boards === 1) return jsonResponse({ ...board, columns: board.columns.map((c) => ({ ...c, wipLimit: 0 })) });
        return new Promise<Response>((resolve) => (reload = resolve));
      }
      if (url.endsWith('/api/genericItem/getActions')) return jsonResponse([plain]);
      if (url.endsWith('/api/genericItem/triggerAction'))
        return jsonResponse({ Message: '1 item(s) tramitado(s) para Em atendimento.', items: [] });
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    (await screen.findByRole('button', { name: 'Ações do cartão 12' }, { timeout: 20_000 })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Abrir' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mover para Em atendimento' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1 item tramitado para Em atendimento.')).toBeInTheDocument();
    await waitFor(() => expect(boards).toBe(2));
    // The server moved it; the board is still reloading: the card stays where it went, busy.
    const inService = () => screen.getAllByLabelText('Coluna Em atendimento')[0]!;
    expect(within(inService()).getByLabelText('Chamado 12: Impressora parada')).toHaveAttribute('aria-busy', 'true');
    expect(
      within(screen.getAllByLabelText('Coluna Novo')[0]!).queryByLabelText('Chamado 12: Impressora parada'),
    ).not.toBeInTheDocument();
    // Never back in Novo on the way: not between the answer and the reloaded board either.
    let wentBack = false;
    const watch = new MutationObserver(() => {
      if (within(screen.getAllByLabelText('Coluna Novo')[0]!).queryByLabelText('Chamado 12: Impressora parada'))
        wentBack = true;
    });
    watch.observe(document.body, { childList: true, subtree: true, attributes: true });
    reload(jsonResponse(moved));
    await waitFor(() =>
      expect(within(inService()).getByLabelText('Chamado 12: Impressora parada')).not.toHaveAttribute('aria-busy'),
    );
    expect(within(inService()).getByLabelText('Chamado 12: Impressora parada')).toHaveFocus();
    watch.disconnect();
    expect(wentBack).toBe(false);
    expect(
      within(screen.getAllByLabelText('Coluna Novo')[0]!).queryByLabelText('Chamado 12: Impressora parada'),
    ).not.toBeInTheDocument();
  });

  it('gives a card dropped into another lane that lane responsible, and takes it back when the server refuses', async () => {
    setSession(makeSession());
    const byResponsible: KanbanBoard = { ...board, swimlane: 'ResponsibleName' };
    let refuse = false;
    const fetch = boardFetch((url) => {
      if (url.endsWith('/api/kanban/setLane')) {
        return refuse
          ? jsonResponse({ Message: 'O usuário não possui permissão de editar o item.' }, 403)
          : jsonResponse({ Message: 'Chamado 13 agora na raia Maria Souza.' });
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    }, byResponsible);
    renderApp('/runtime/3/kanban/9/Quadro');
    const maria = await screen.findByRole('group', { name: 'Maria Souza' }, { timeout: 20_000 });
    const nobody = screen.getByRole('group', { name: 'Sem responsável' });
    const drop = (card: HTMLElement, cell: HTMLElement) => {
      const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
      fireEvent.dragStart(card, { dataTransfer });
      fireEvent.dragOver(cell, { dataTransfer });
      fireEvent.drop(cell, { dataTransfer });
      fireEvent.dragEnd(card, { dataTransfer });
    };
    const cell = (lane: HTMLElement, name: string) =>
      within(lane).getByLabelText(name, { selector: '[data-status-id]' });
    drop(within(nobody).getByLabelText('Chamado 13: Rede lenta'), cell(maria, 'Coluna Em atendimento'));
    expect(await screen.findByText('Chamado 13 agora na raia Maria Souza.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 102,
      field: 'ResponsibleName',
      value: 7,
      modificationDateTicks: 1,
    });
    // The same column: no transition was asked for.
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/triggerAction'))).toBe(false);

    refuse = true;
    drop(within(nobody).getByLabelText('Chamado 14: VPN'), cell(maria, 'Coluna Em atendimento'));
    expect(await screen.findByText('O usuário não possui permissão de editar o item.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Sem responsável' })).getByLabelText('Chamado 14: VPN'),
      ).toBeInTheDocument(),
    );
  });

  it('runs the transition first on a drop into another column and lane, then the lane with the version it answered', async () => {
    setSession(makeSession());
    const byResponsible: KanbanBoard = {
      ...board,
      swimlane: 'ResponsibleName',
      columns: board.columns.map((c) => ({ ...c, wipLimit: 0 })),
    };
    const plain = { ...take, asksReason: false, requiresReason: false };
    let refuseTransition = true;
    const fetch = boardFetch((url) => {
      if (url.endsWith('/api/genericItem/getActions')) return jsonResponse([plain]);
      if (url.endsWith('/api/genericItem/triggerAction')) {
        if (refuseTransition) return jsonResponse({ Message: 'Informe o tempo gasto.' }, 422);
        return jsonResponse({
          Message: '1 item(s) tramitado(s) para Em atendimento.',
          items: [{ id: 101, modificationDateTicks: 5 }],
        });
      }
      if (url.endsWith('/api/kanban/setLane'))
        return jsonResponse({ Message: 'Chamado 12 agora na raia Sem responsável.' });
      return jsonResponse({ Message: 'unexpected call' }, 500);
    }, byResponsible);
    renderApp('/runtime/3/kanban/9/Quadro');
    await screen.findByRole('group', { name: 'Maria Souza' }, { timeout: 20_000 });
    const nobody = screen.getByRole('group', { name: 'Sem responsável' });
    const dropInto = (cell: HTMLElement) => {
      const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
      // The lane as drawn now: a lane is drawn again after its only card left it.
      const card = within(screen.getByRole('group', { name: 'Maria Souza' })).getByLabelText(
        'Chamado 12: Impressora parada',
      );
      fireEvent.dragStart(card, { dataTransfer });
      fireEvent.dragOver(cell, { dataTransfer });
      fireEvent.drop(cell, { dataTransfer });
      fireEvent.dragEnd(card, { dataTransfer });
    };
    const target = within(nobody).getByLabelText('Coluna Em atendimento', { selector: '[data-status-id]' });
    // The transition is refused: the lane is not written, the card stays.
    dropInto(target);
    expect(await screen.findByText('Informe o tempo gasto.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(false);
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Maria Souza' })).getByLabelText('Chamado 12: Impressora parada'),
      ).toBeInTheDocument(),
    );

    refuseTransition = false;
    dropInto(
      within(screen.getByRole('group', { name: 'Sem responsável' })).getByLabelText('Coluna Em atendimento', {
        selector: '[data-status-id]',
      }),
    );
    expect(await screen.findByText('Chamado 12 agora na raia Sem responsável.')).toBeInTheDocument();
    const urls = fetch.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.endsWith('/triggerAction') || u.endsWith('/setLane'));
    expect(urls.map((u) => u.split('/').pop())).toEqual(['triggerAction', 'triggerAction', 'setLane']);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 101,
      field: 'ResponsibleName',
      value: null,
      modificationDateTicks: 5,
    });
  });

  it('draws the lanes of people without cards as thin drop zones; a drop there sets the lane, after the transition when the column changes', async () => {
    setSession(makeSession());
    const withTeam: KanbanBoard = {
      ...board,
      swimlane: 'ResponsibleName',
      swimlanes: [
        {
          field: 'ResponsibleName',
          name: '',
          options: [
            { value: '8', text: 'Bruno Técnico', color: '', parent: '' },
            { value: '7', text: 'Maria Souza', color: '', parent: '' },
          ],
          capped: true,
          dependsOn: '',
        },
      ],
      columns: board.columns.map((c) => ({ ...c, wipLimit: 0 })),
      users: [...board.users, { id: 8, name: 'Bruno Técnico', avatar: '' }],
    };
    const plain = { ...take, asksReason: false, requiresReason: false };
    const fetch = boardFetch((url) => {
      if (url.endsWith('/api/genericItem/getActions')) return jsonResponse([plain]);
      if (url.endsWith('/api/genericItem/triggerAction'))
        return jsonResponse({
          Message: '1 item(s) tramitado(s) para Em atendimento.',
          items: [{ id: 101, modificationDateTicks: 6 }],
        });
      if (url.endsWith('/api/kanban/setLane')) return jsonResponse({ Message: 'Chamado agora na raia Bruno Técnico.' });
      if (url.includes('/api/genericItem/getActions')) return jsonResponse([plain]);
      return jsonResponse({ Message: 'unexpected call' }, 500);
    }, withTeam);
    renderApp('/runtime/3/kanban/9/Quadro');
    const bruno = await screen.findByRole('group', { name: 'Bruno Técnico' }, { timeout: 20_000 });
    // Bruno has no card: his lane is there, first by name, with a thin empty cell per column.
    const lanes = screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(lanes).toEqual(['Bruno Técnico', 'Maria Souza', 'Sem responsável']);
    expect(within(bruno).getByText('nenhum cartão')).toBeInTheDocument();
    const cells = within(bruno).getAllByLabelText(/^Coluna /, { selector: '[data-status-id]' });
    expect(cells).toHaveLength(2);
    expect(cells[0]).toHaveStyle({ height: '36px' });
    expect(within(bruno).queryByText('Nenhum cartão')).not.toBeInTheDocument();
    expect(
      screen.getByText('Raias sem cartões só para 2 pessoas da equipe; outras aparecem quando tiverem cartões.'),
    ).toBeInTheDocument();

    // While a card is dragged the empty lane's cells say where to drop.
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    const nobody = screen.getByRole('group', { name: 'Sem responsável' });
    const loose = within(nobody).getByLabelText('Chamado 13: Rede lenta');
    fireEvent.dragStart(loose, { dataTransfer });
    const target = within(bruno).getByLabelText('Coluna Em atendimento', { selector: '[data-status-id]' });
    fireEvent.dragOver(target, { dataTransfer });
    expect(within(target).getByText('Solte aqui')).toBeInTheDocument();
    fireEvent.drop(target, { dataTransfer });
    fireEvent.dragEnd(loose, { dataTransfer });
    expect(await screen.findByText('Chamado agora na raia Bruno Técnico.')).toBeInTheDocument();
    let call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 102,
      field: 'ResponsibleName',
      value: 8,
      modificationDateTicks: 1,
    });
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/triggerAction'))).toBe(false);

    // From Maria's Novo into Bruno's Em atendimento: the transition, then the lane with its version.
    fetch.mockClear();
    const maria = within(screen.getByRole('group', { name: 'Maria Souza' })).getByLabelText(
      'Chamado 12: Impressora parada',
    );
    await waitFor(() => expect(maria).not.toHaveAttribute('aria-busy', 'true'));
    fireEvent.dragStart(maria, { dataTransfer });
    const other = within(screen.getByRole('group', { name: 'Bruno Técnico' })).getByLabelText('Coluna Em atendimento', {
      selector: '[data-status-id]',
    });
    fireEvent.dragOver(other, { dataTransfer });
    fireEvent.drop(other, { dataTransfer });
    fireEvent.dragEnd(maria, { dataTransfer });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(true));
    const urls = fetch.mock.calls
      .map(([url]) => String(url).split('/').pop())
      .filter((u) => u === 'triggerAction' || u === 'setLane');
    expect(urls).toEqual(['triggerAction', 'setLane']);
    call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 101,
      field: 'ResponsibleName',
      value: 8,
      modificationDateTicks: 6,
    });
  });

  it('draws every option of a picklist as a lane, cards or not, then the cards without a value', async () => {
    setSession(makeSession());
    const byCategory: KanbanBoard = {
      ...board,
      swimlane: 'category',
      swimlanes: [
        ...board.swimlanes,
        {
          field: 'category',
          name: 'Categoria',
          options: [
            { value: 'access', text: 'Acesso', color: '', parent: '' },
            { value: 'hardware', text: 'Equipamento', color: '', parent: '' },
          ],
          capped: false,
          dependsOn: '',
        },
      ],
      columns: board.columns.map((c) =>
        c.id === 1 ? { ...c, cards: c.cards.map((card) => ({ ...card, values: { category: 'hardware' } })) } : c,
      ),
    };
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500), byCategory);
    renderApp('/runtime/3/kanban/9/Quadro');
    await screen.findByRole('group', { name: 'Acesso' }, { timeout: 20_000 });
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Acesso',
      'Equipamento',
      'Sem valor',
    ]);
    expect(within(screen.getByRole('group', { name: 'Acesso' })).getByText('nenhum cartão')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Equipamento' })).getByLabelText('Chamado 12: Impressora parada'),
    ).toBeInTheDocument();
  });

  it('dims the lanes of a dependent picklist that a dragged card does not fit, and refuses a drop there without asking the server', async () => {
    setSession(makeSession());
    const byItem: KanbanBoard = {
      ...board,
      swimlane: 'item',
      swimlanes: [
        ...board.swimlanes,
        { field: 'category', name: 'Categoria', options: [], capped: false, dependsOn: '' },
        {
          field: 'item',
          name: 'Item',
          options: [
            { value: 'mouse', text: 'Mouse', color: '', parent: 'hardware' },
            { value: 'vpn', text: 'VPN', color: '', parent: 'access' },
          ],
          capped: false,
          dependsOn: 'category',
        },
      ],
      columns: board.columns.map((c) =>
        c.id === 1
          ? { ...c, cards: c.cards.map((card) => ({ ...card, values: { category: 'hardware', item: 'mouse' } })) }
          : c,
      ),
    };
    const fetch = boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500), byItem);
    renderApp('/runtime/3/kanban/9/Quadro');
    const vpn = await screen.findByRole('group', { name: 'VPN' }, { timeout: 20_000 });
    const printer = within(screen.getByRole('group', { name: 'Mouse' })).getByLabelText(
      'Chamado 12: Impressora parada',
    );
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(printer, { dataTransfer });
    const cell = within(vpn).getByLabelText('Coluna Novo', { selector: '[data-status-id]' });
    fireEvent.dragOver(cell, { dataTransfer });
    expect(cell).toHaveStyle({ opacity: '0.55' });
    expect(within(cell).queryByText('Solte aqui')).not.toBeInTheDocument();
    fireEvent.drop(cell, { dataTransfer });
    fireEvent.dragEnd(printer, { dataTransfer });
    expect(await screen.findByText('A opção VPN não pertence ao valor de Categoria deste cartão.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(false);
    expect(
      within(screen.getByRole('group', { name: 'Mouse' })).getByLabelText('Chamado 12: Impressora parada'),
    ).toBeInTheDocument();
  });

  it('refuses a move past a strict WIP limit without asking, and runs no action', async () => {
    setSession(makeSession());
    const fetch = boardFetch(
      (url) => {
        if (url.endsWith('/api/genericItem/getActions')) return jsonResponse([take]);
        return jsonResponse({ Message: 'unexpected call' }, 500);
      },
      { ...board, wipStrict: true },
    );
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    await user.click(await screen.findByRole('button', { name: 'Ações do cartão 12' }, { timeout: 20_000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Mover para Em atendimento' }));
    expect(
      await screen.findByText('A coluna Em atendimento está no limite WIP (1) e não aceita mais cartões.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mover mesmo assim/)).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/triggerAction'))).toBe(false);
    expect(
      within(screen.getAllByLabelText('Coluna Novo')[0]!).getByLabelText('Chamado 12: Impressora parada'),
    ).toBeInTheDocument();
  });

  it('opens a board named by its keys at its runtime address', async () => {
    setSession(makeSession());
    boardFetch((url) => {
      if (url.endsWith('/api/kanban/getBoards')) {
        return jsonResponse([
          {
            id: 9,
            key: 'ticket.board',
            name: 'Quadro',
            componentId: 4,
            componentName: 'Chamado',
            applicationId: 3,
            link: '/runtime/3/kanban/9/Quadro',
          },
        ]);
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    });
    const { router } = renderApp('/kanban/ticket.board/Quadro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/runtime/3/kanban/9/Quadro'), { timeout: 20_000 });
    expect(await screen.findByRole('heading', { name: 'Quadro' })).toBeInTheDocument();
  });
});
