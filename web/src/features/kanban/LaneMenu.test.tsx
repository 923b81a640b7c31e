import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import type { KanbanBoard, KanbanCard } from './api';

vi.setConfig({ testTimeout: 60_000 });

// A card's ⋮ menu moves it to another lane of its column from the keyboard: the lanes the board
// draws, its own marked, those it cannot go to disabled with the reason; the choice runs setLane.

const card = (
  id: number,
  FormattedID: number,
  title: string,
  statusId: number,
  responsibleId: number | null,
  values: Record<string, string> = {},
): KanbanCard => ({
  id,
  FormattedID,
  title,
  statusId,
  responsibleId,
  color: '',
  values,
  modificationDateTicks: 3,
});

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
  colorField: '',
  swimlane: 'ResponsibleName',
  swimlanes: [
    {
      field: 'ResponsibleName',
      name: '',
      options: [
        { value: '8', text: 'Bruno Técnico', color: '', parent: '' },
        { value: '7', text: 'Maria Souza', color: '', parent: '' },
      ],
      capped: false,
      dependsOn: '',
    },
    {
      field: 'category',
      name: 'Categoria',
      options: [
        { value: 'hardware', text: 'Equipamento', color: '#8D6E63', parent: '' },
        { value: 'access', text: 'Acesso', color: '#42A5F5', parent: '' },
      ],
      capped: false,
      dependsOn: '',
    },
    {
      field: 'item',
      name: 'Item',
      options: [
        { value: 'mouse', text: 'Mouse', color: '', parent: 'hardware' },
        { value: 'vpn', text: 'VPN', color: '', parent: 'access' },
        { value: 'keyboard', text: 'Teclado', color: '', parent: 'hardware' },
      ],
      capped: false,
      dependsOn: 'category',
    },
  ],
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
      cards: [card(101, 12, 'Impressora parada', 1, 7, { category: 'hardware', item: 'mouse' })],
    },
    {
      id: 2,
      key: 'inService',
      name: 'Em atendimento',
      color: '#42A5F5',
      initial: false,
      final: false,
      wipLimit: 0,
      wipDefault: 0,
      total: 1,
      cards: [card(102, 13, 'Rede lenta', 2, null)],
    },
  ],
  users: [
    { id: 7, name: 'Maria Souza', avatar: '' },
    { id: 8, name: 'Bruno Técnico', avatar: '' },
  ],
  pageSize: 500,
  canConfigure: false,
  wipStrict: false,
};

/** The board and setLane; an accepted setLane is on the board reloaded after it (moved). */
function boardFetch(setLane: () => Response, answer: KanbanBoard = board, moved: KanbanBoard = answer) {
  let accepted = false;
  return mockFetch({}, (url) => {
    if (url.includes('/api/application/getApplicationMenu'))
      return jsonResponse([[], { id: 3, name: 'Central', htmlScripts: '', htmlScriptsUrl: '' }]);
    if (url.includes('/api/kanban/getBoard?')) return jsonResponse(accepted ? moved : answer);
    if (url.endsWith('/api/kanban/setLane')) {
      const res = setLane();
      accepted = res.ok;
      return res;
    }
    return jsonResponse({ Message: 'unexpected call' }, 500);
  });
}

const printer = 'Chamado 12: Impressora parada';

/** Opens card 12's menu from the keyboard: the card focused, Tab to its ⋮ button, Enter. */
async function openMenuByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const target = await screen.findByLabelText(printer, {}, { timeout: 20_000 });
  target.focus();
  await user.tab();
  const button = screen.getByRole('button', { name: 'Ações do cartão 12' });
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
  return { menu: await screen.findByRole('menu', { name: 'Ações do cartão 12' }), button };
}

describe('the card menu\'s "Mover para a raia…"', () => {
  it('is not offered on a board without swimlanes', async () => {
    setSession(makeSession());
    boardFetch(() => jsonResponse({ Message: 'unexpected call' }, 500), { ...board, swimlane: '' });
    const user = userEvent.setup();
    localStorage.removeItem('kanban.swimlane.9');
    renderApp('/runtime/3/kanban/9/Quadro');
    const { menu } = await openMenuByKeyboard(user);
    expect(within(menu).getByRole('menuitem', { name: 'Mover para Em atendimento' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Mover para a raia…' })).not.toBeInTheDocument();
  });

  it("offers the lanes the board draws, the card's own marked, and moves the card to the one chosen with the keyboard", async () => {
    setSession(makeSession());
    localStorage.removeItem('kanban.swimlane.9');
    const toBruno = {
      ...board,
      columns: board.columns.map((c) => ({
        ...c,
        cards: c.cards.map((k) => (k.id === 101 ? { ...k, responsibleId: 8 } : k)),
      })),
    };
    const fetch = boardFetch(
      () => jsonResponse({ Message: 'Chamado 12 agora na raia Bruno Técnico.' }),
      board,
      toBruno,
    );
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    const { menu } = await openMenuByKeyboard(user);
    // The entry is last: up from the first entry wraps to it.
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Mover para a raia…' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const lanes = await screen.findByRole('menu', { name: 'Mover o cartão 12 para a raia' });
    const items = within(lanes).getAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Bruno Técnico', 'Maria Souza', 'Sem responsável']);
    const maria = within(lanes).getByRole('menuitemradio', { name: 'Maria Souza' });
    expect(maria).toHaveAttribute('aria-checked', 'true');
    expect(maria).toHaveAttribute('aria-disabled', 'true');
    expect(maria).toHaveAccessibleDescription('raia atual');
    // The first lane one may choose has the focus; the arrows go through the others.
    expect(within(lanes).getByRole('menuitemradio', { name: 'Bruno Técnico' })).toHaveFocus();
    expect(within(lanes).getByRole('menuitemradio', { name: 'Bruno Técnico' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.keyboard('{ArrowDown}');
    expect(maria).toHaveFocus();
    // Enter on the card's own lane does nothing.
    await user.keyboard('{Enter}');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(false);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(await screen.findByText('Chamado 12 agora na raia Bruno Técnico.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 101,
      field: 'ResponsibleName',
      value: 8,
      modificationDateTicks: 3,
    });
    // Its own column: no transition.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/genericItem/'))).toBe(false);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The board reloads; the card, drawn in Bruno's lane while it moves, keeps the focus.
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).includes('/kanban/getBoard?')).length).toBeGreaterThan(1),
    );
    expect(within(screen.getByRole('group', { name: 'Bruno Técnico' })).getByLabelText(printer)).toHaveFocus();
  });

  it('disables the options of another parent of a dependent picklist, with the reason, and Escape gives the focus back to the button', async () => {
    setSession(makeSession());
    localStorage.setItem('kanban.swimlane.9', 'item');
    const fetch = boardFetch(() => jsonResponse({ Message: 'Chamado 12 agora na raia Teclado.' }));
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    await screen.findByRole('group', { name: 'VPN' }, { timeout: 20_000 });
    const { button } = await openMenuByKeyboard(user);
    await user.click(screen.getByRole('menuitem', { name: 'Mover para a raia…' }));
    const lanes = await screen.findByRole('menu', { name: 'Mover o cartão 12 para a raia' });
    expect(
      within(lanes)
        .getAllByRole('menuitemradio')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Mouse', 'VPN', 'Teclado', 'Sem valor']);
    const vpn = within(lanes).getByRole('menuitemradio', { name: 'VPN' });
    expect(vpn).toHaveAttribute('aria-disabled', 'true');
    expect(vpn).toHaveAccessibleDescription('Não pertence ao valor de Categoria deste cartão');
    expect(within(lanes).getByRole('menuitemradio', { name: 'Mouse' })).toHaveAccessibleDescription('raia atual');
    expect(within(lanes).getByRole('menuitemradio', { name: 'Teclado' })).not.toHaveAttribute('aria-disabled', 'true');
    // No value takes any card.
    expect(within(lanes).getByRole('menuitemradio', { name: 'Sem valor' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The first lane one may choose has the focus: Teclado, past the card's own and VPN.
    expect(within(lanes).getByRole('menuitemradio', { name: 'Teclado' })).toHaveFocus();
    // VPN is reached by the arrows (its reason is heard), but Enter there does nothing.
    await user.keyboard('{ArrowUp}');
    expect(vpn).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(vpn).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(false);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/setLane'))).toBe(false);

    // Chosen, the option is written as the picklist's value.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Mover para a raia…' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Teclado' }));
    expect(await screen.findByText('Chamado 12 agora na raia Teclado.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 101,
      field: 'item',
      value: 'keyboard',
      modificationDateTicks: 3,
    });
    localStorage.removeItem('kanban.swimlane.9');
  });

  it('takes a card the server refuses back to its lane, and the card keeps the focus', async () => {
    setSession(makeSession());
    localStorage.removeItem('kanban.swimlane.9');
    const fetch = boardFetch(() => jsonResponse({ Message: 'O usuário não possui permissão de editar o item.' }, 403));
    const user = userEvent.setup();
    renderApp('/runtime/3/kanban/9/Quadro');
    await openMenuByKeyboard(user);
    await user.keyboard('{ArrowUp}{Enter}');
    await screen.findByRole('menu', { name: 'Mover o cartão 12 para a raia' });
    // Down past Bruno and Maria (the card's own) to "Sem responsável".
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Sem responsável' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('O usuário não possui permissão de editar o item.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/setLane'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      viewID: 9,
      itemId: 101,
      field: 'ResponsibleName',
      value: null,
      modificationDateTicks: 3,
    });
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Maria Souza' })).getByLabelText(printer)).toHaveFocus(),
    );
    expect(
      within(screen.getByRole('group', { name: 'Sem responsável' })).queryByLabelText(printer),
    ).not.toBeInTheDocument();
  });
});
