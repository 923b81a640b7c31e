import { describe, expect, it } from 'vitest';
import type { ActionView, StatusRef } from '../workflow';
import type { KanbanCard, KanbanColumn, KanbanUser, Swimlane } from './api';
import {
  actionsTo,
  buildLanes,
  filterCards,
  initials,
  laneChoices,
  laneFits,
  laneValue,
  mergeCards,
  moveCard,
  neighbourCard,
  NO_VALUE,
  ONE_LANE,
  targetsFrom,
  visibleRange,
  wipState,
  withoutFullColumns,
  type Lane,
} from './board';

const card = (id: number, statusId: number, extra: Partial<KanbanCard> = {}): KanbanCard => ({
  id,
  FormattedID: id * 10,
  title: `Cartão ${id}`,
  statusId,
  responsibleId: null,
  color: '',
  values: {},
  modificationDateTicks: 0,
  ...extra,
});

const column = (id: number, cards: KanbanCard[], extra: Partial<KanbanColumn> = {}): KanbanColumn => ({
  id,
  key: `s${id}`,
  name: `Status ${id}`,
  color: '',
  initial: false,
  final: false,
  wipLimit: 0,
  wipDefault: 0,
  total: cards.length,
  cards,
  ...extra,
});

const status = (id: number): StatusRef => ({ id, key: `s${id}`, name: `Status ${id}`, color: '', final: false });
const action = (id: number, from: number[], to: number): ActionView => ({
  id,
  key: `a${id}`,
  name: `Ação ${id}`,
  from: from.map(status),
  to: status(to),
  asksReason: false,
  requiresReason: false,
  asksResponsible: false,
  ruleId: 0,
});

describe('moveCard', () => {
  const columns = [column(1, [card(1, 1), card(2, 1)]), column(2, [card(3, 2)])];

  it('puts the card at the top of the target column and adjusts the totals', () => {
    const moved = moveCard(columns, 2, 2);
    expect(moved[0]!.cards.map((c) => c.id)).toEqual([1]);
    expect(moved[0]!.total).toBe(1);
    expect(moved[1]!.cards.map((c) => c.id)).toEqual([2, 3]);
    expect(moved[1]!.cards[0]!.statusId).toBe(2);
    expect(moved[1]!.total).toBe(2);
  });

  it('changes nothing for a card already there, a missing card or a missing column', () => {
    expect(moveCard(columns, 3, 2)).toBe(columns);
    expect(moveCard(columns, 99, 2)).toBe(columns);
    expect(moveCard(columns, 1, 99)).toBe(columns);
    expect(moveCard(columns, 3, 2, { field: 'ResponsibleName', key: NO_VALUE })).toBe(columns);
  });

  it('puts the card into another lane: its responsible or picklist value becomes the lane value', () => {
    const toMaria = moveCard(columns, 2, 1, { field: 'ResponsibleName', key: '7' });
    expect(toMaria[0]!.cards.map((c) => [c.id, c.responsibleId])).toEqual([
      [1, null],
      [2, 7],
    ]);
    expect(toMaria[0]!.total).toBe(columns[0]!.total);
    const both = moveCard(columns, 2, 2, { field: 'size', key: 'l' });
    expect(both[1]!.cards[0]).toMatchObject({ id: 2, statusId: 2, values: { size: 'l' } });
    const none = moveCard(both, 2, 2, { field: 'size', key: NO_VALUE });
    expect(none[1]!.cards[0]!.values).toEqual({});
    expect(laneValue({ field: 'ResponsibleName', key: '7' })).toBe(7);
    expect(laneValue({ field: 'ResponsibleName', key: NO_VALUE })).toBeNull();
    expect(laneValue({ field: 'size', key: 'l' })).toBe('l');
  });
});

describe('actions of a drop', () => {
  const actions = [action(1, [1], 2), action(2, [1, 3], 2), action(3, [2], 3)];

  it('offers the actions ending in the column dropped on', () => {
    expect(actionsTo(actions, 2).map((a) => a.id)).toEqual([1, 2]);
    expect(actionsTo(actions, 4)).toEqual([]);
  });

  it('highlights the columns an action leads to from the card’s status', () => {
    expect([...targetsFrom(actions, 1)]).toEqual([2]);
    expect([...targetsFrom(actions, 2)]).toEqual([3]);
    expect(targetsFrom(actions, 4).size).toBe(0);
  });

  it("leaves out a full column when the board's WIP limits are strict, and only then", () => {
    const card = (id: number) => ({
      id,
      FormattedID: id,
      title: '',
      statusId: 2,
      responsibleId: null,
      color: '',
      values: {},
      modificationDateTicks: 0,
    });
    const columns = [
      column(2, [card(1)], { wipLimit: 1 }),
      column(3, [card(2)], { wipLimit: 2 }),
      column(4, [card(3)]),
    ];
    expect([...withoutFullColumns(new Set([2, 3, 4]), columns, true)]).toEqual([3, 4]);
    expect([...withoutFullColumns(new Set([2, 3, 4]), columns, false)]).toEqual([2, 3, 4]);
  });
});

describe('wipState', () => {
  it.each([
    [3, 0, 'none'],
    [2, 3, 'under'],
    [3, 3, 'full'],
    [4, 3, 'over'],
  ] as const)('%i cards with limit %i: %s', (count, limit, want) => {
    expect(wipState(count, limit)).toBe(want);
  });
});

describe('filterCards and mergeCards', () => {
  const cards = [card(1, 1, { title: 'Impressão da nota' }), card(2, 1, { title: 'Rede lenta' })];

  it('finds cards by title without accents or case, and by formatted id', () => {
    expect(filterCards(cards, 'IMPRESSAO').map((c) => c.id)).toEqual([1]);
    expect(filterCards(cards, '#20').map((c) => c.id)).toEqual([2]);
    expect(filterCards(cards, '  ')).toBe(cards);
  });

  it('appends later pages without repeating a card', () => {
    expect(mergeCards(cards, [card(2, 1), card(3, 1)]).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('buildLanes', () => {
  const users = new Map<number, KanbanUser>([
    [7, { id: 7, name: 'Zeca Lima', avatar: '' }],
    [8, { id: 8, name: 'Ana Souza', avatar: 'data:image/png;base64,AA' }],
  ]);
  const columns = [
    column(1, [card(1, 1, { responsibleId: 7, values: { size: 'l' } }), card(2, 1, { values: { size: 's' } })]),
    column(2, [card(3, 2, { responsibleId: 8 }), card(4, 2, { responsibleId: 7, values: { size: 'l' } })]),
  ];

  it('is one lane without swimlanes', () => {
    const lanes = buildLanes(columns, undefined, users);
    expect(lanes).toHaveLength(1);
    expect(lanes[0]!.key).toBe(ONE_LANE);
    expect(lanes[0]!.count).toBe(4);
    expect(lanes[0]!.cells.get(2)!.map((c) => c.id)).toEqual([3, 4]);
  });

  it('groups by responsible, by name, then the cards without one', () => {
    const lanes = buildLanes(
      columns,
      { field: 'ResponsibleName', name: '', options: [], capped: false, dependsOn: '' },
      users,
    );
    expect(lanes.map((l) => [l.title, l.count])).toEqual([
      ['Ana Souza', 1],
      ['Zeca Lima', 2],
      ['', 1],
    ]);
    expect(lanes[0]!.avatar).toBe('data:image/png;base64,AA');
    expect(lanes[1]!.cells.get(1)!.map((c) => c.id)).toEqual([1]);
    expect(lanes[2]!.key).toBe(NO_VALUE);
  });

  it('draws a lane for every user who may take the cards, with or without cards, among the responsibles by name', () => {
    const team = new Map(users).set(9, { id: 9, name: 'Bruno Técnico', avatar: 'data:image/png;base64,BB' });
    const lanes = buildLanes(
      [column(1, [card(1, 1, { responsibleId: 7 })]), column(2, [])],
      {
        field: 'ResponsibleName',
        name: '',
        options: [
          { value: '9', text: 'Bruno Técnico', color: '', parent: '' },
          { value: '8', text: 'Ana Souza', color: '', parent: '' },
        ],
        capped: false,
        dependsOn: '',
      },
      team,
    );
    expect(lanes.map((l) => [l.key, l.title, l.count])).toEqual([
      ['8', 'Ana Souza', 0],
      ['9', 'Bruno Técnico', 0],
      ['7', 'Zeca Lima', 1],
      [NO_VALUE, '', 0],
    ]);
    expect(lanes[1]!.avatar).toBe('data:image/png;base64,BB');
    expect([...lanes[1]!.cells.keys()]).toEqual([1, 2]);
    expect(lanes[1]!.cells.get(2)).toEqual([]);
  });

  it('groups by a picklist in its order, every option a lane, then the cards without a value', () => {
    const size: Swimlane = {
      field: 'size',
      name: 'Tamanho',
      options: [
        { value: 'm', text: 'Médio', color: '', parent: '' },
        { value: 'l', text: 'Grande', color: '#f00', parent: '' },
        { value: 's', text: 'Pequeno', color: '', parent: '' },
      ],
      capped: false,
      dependsOn: '',
    };
    const lanes = buildLanes(columns, size, users);
    expect(lanes.map((l) => [l.key, l.title, l.count])).toEqual([
      ['m', 'Médio', 0],
      ['l', 'Grande', 2],
      ['s', 'Pequeno', 1],
      [NO_VALUE, '', 1],
    ]);
    expect(lanes[1]!.color).toBe('#f00');
    // No card at all: still every lane, each an empty drop target in every column.
    const none = buildLanes([column(1, []), column(2, [])], size, users);
    expect(none.map((l) => [l.key, l.count])).toEqual([
      ['m', 0],
      ['l', 0],
      ['s', 0],
      [NO_VALUE, 0],
    ]);
  });
});

describe('laneFits', () => {
  const item: Swimlane = {
    field: 'item',
    name: 'Item',
    options: [
      { value: 'mouse', text: 'Mouse', color: '', parent: 'hardware' },
      { value: 'vpn', text: 'VPN', color: '', parent: 'access' },
      { value: 'other', text: 'Outro', color: '', parent: '' },
    ],
    capped: false,
    dependsOn: 'category',
  };
  const lanes = buildLanes([column(1, [])], item, new Map());
  const lane = (key: string) => lanes.find((l) => l.key === key)!;

  it('takes a card into an option of its parent value, one without a parent, or no value', () => {
    const hardware = card(1, 1, { values: { category: 'hardware' } });
    expect(lane('mouse').parent).toBe('hardware');
    expect(laneFits(hardware, item, lane('mouse'))).toBe(true);
    expect(laneFits(hardware, item, lane('vpn'))).toBe(false);
    expect(laneFits(hardware, item, lane('other'))).toBe(true);
    expect(laneFits(hardware, item, lane(NO_VALUE))).toBe(true);
    // Without a parent value no option with a parent fits (the server's check says so too).
    expect(laneFits(card(2, 1), item, lane('mouse'))).toBe(false);
    // A picklist without a dependency takes any card anywhere.
    expect(laneFits(hardware, { ...item, dependsOn: '' }, lane('vpn'))).toBe(true);
  });
});

describe('laneChoices', () => {
  const entry = (key: string, parent = '') => ({ key, title: key || 'Sem valor', color: '', avatar: '', parent });
  const lanes = {
    field: 'item',
    dependsOn: 'category',
    parentName: 'Categoria',
    entries: [entry('mouse', 'hardware'), entry('vpn', 'access'), entry('other'), entry(NO_VALUE)],
  };

  it("offers every lane in the board's order, the card's own marked, another parent's option not fitting", () => {
    const choices = laneChoices(card(1, 1, { values: { category: 'hardware', item: 'mouse' } }), lanes);
    expect(choices.map((c) => [c.key, c.current, c.fits])).toEqual([
      ['mouse', true, true],
      ['vpn', false, false],
      ['other', false, true],
      [NO_VALUE, false, true],
    ]);
  });

  it("marks the no-value lane for a card without a value, and by responsible the user's lane", () => {
    expect(
      laneChoices(card(1, 1), lanes)
        .filter((c) => c.current)
        .map((c) => c.key),
    ).toEqual([NO_VALUE]);
    const people = {
      field: 'ResponsibleName',
      dependsOn: '',
      parentName: '',
      entries: [entry('7'), entry('8'), entry(NO_VALUE)],
    };
    expect(laneChoices(card(1, 1, { responsibleId: 8 }), people).map((c) => [c.key, c.current, c.fits])).toEqual([
      ['7', false, true],
      ['8', true, true],
      [NO_VALUE, false, true],
    ]);
  });
});

describe('visibleRange', () => {
  it('renders the rows in view plus an overscan', () => {
    expect(visibleRange(2000, 84, 0, 840)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(2000, 84, 84 * 1000, 840)).toEqual({ start: 995, end: 1015 });
    expect(visibleRange(2000, 84, 84 * 2000, 840)).toEqual({ start: 1995, end: 2000 });
    expect(visibleRange(0, 84, 0, 840)).toEqual({ start: 0, end: 0 });
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ana Maria Souza')).toBe('AS');
    expect(initials('admin')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});

describe('neighbourCard', () => {
  const card = (id: number, statusId: number) => ({
    id,
    FormattedID: id,
    title: `card ${id}`,
    statusId,
    responsibleId: null,
    color: '',
    values: {},
    modificationDateTicks: 1,
  });
  const lane = (key: string, cells: [number, number[]][]): Lane => ({
    key,
    title: key,
    color: '',
    avatar: '',
    parent: '',
    count: cells.reduce((n, [, ids]) => n + ids.length, 0),
    cells: new Map(cells.map(([status, ids]) => [status, ids.map((id) => card(id, status))])),
  });
  // Columns 1, 2 (empty in lane a) and 3; lane b below.
  const lanes = [
    lane('a', [
      [1, [11, 12, 13]],
      [2, []],
      [3, [31]],
    ]),
    lane('b', [[2, [21, 22]]]),
  ];
  const columns = [1, 2, 3];

  it('moves up and down a column, to its ends, and stops at them', () => {
    expect(neighbourCard(lanes, columns, 12, 'ArrowDown')).toBe(13);
    expect(neighbourCard(lanes, columns, 12, 'ArrowUp')).toBe(11);
    expect(neighbourCard(lanes, columns, 11, 'ArrowUp')).toBeUndefined();
    expect(neighbourCard(lanes, columns, 13, 'ArrowDown')).toBeUndefined();
    expect(neighbourCard(lanes, columns, 11, 'End')).toBe(13);
    expect(neighbourCard(lanes, columns, 13, 'Home')).toBe(11);
  });

  it('moves across to the nearest row of the next column with cards, within the lane', () => {
    expect(neighbourCard(lanes, columns, 13, 'ArrowRight')).toBe(31);
    expect(neighbourCard(lanes, columns, 31, 'ArrowLeft')).toBe(11);
    expect(neighbourCard(lanes, columns, 31, 'ArrowRight')).toBeUndefined();
    expect(neighbourCard(lanes, columns, 22, 'ArrowLeft')).toBeUndefined();
  });
});
