import type { ActionView } from '../workflow';
import type { KanbanCard, KanbanColumn, KanbanUser, Swimlane } from './api';

/** Lane key of cards without a value (no responsible, empty picklist). */
export const NO_VALUE = '';
/** Lane key of the single lane of a board without swimlanes. */
export const ONE_LANE = '*';

export interface Lane {
  key: string;
  /** Empty for the single lane and for the no-value lane (the screen words those). */
  title: string;
  color: string;
  avatar: string;
  /** The value of the swimlane's dependsOn the lane's option belongs to; empty: any. */
  parent: string;
  /** Cards of the lane by status id, in column order. */
  cells: Map<number, KanbanCard[]>;
  count: number;
}

/** The lane a card belongs to under a swimlane field. */
export function laneOf(card: KanbanCard, field: string): string {
  if (field === 'ResponsibleName') return card.responsibleId == null ? NO_VALUE : String(card.responsibleId);
  return card.values[field] ?? NO_VALUE;
}

/** Lower case without accents, so 'acao' finds 'Ação'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Cards whose title or FormattedID contains the text (accents and case ignored). */
export function filterCards(cards: KanbanCard[], text: string): KanbanCard[] {
  const needle = fold(text.trim().replace(/^#/, ''));
  if (!needle) return cards;
  return cards.filter((c) => fold(c.title).includes(needle) || String(c.FormattedID).includes(needle));
}

/** The first page and the pages loaded after it, without repeats (a card moved between pages). */
export function mergeCards(first: KanbanCard[], more: KanbanCard[]): KanbanCard[] {
  const seen = new Set(first.map((c) => c.id));
  return [...first, ...more.filter((c) => !seen.has(c.id) && (seen.add(c.id), true))];
}

/** A swimlane a card is dropped into: the lane field and the lane's key (laneOf). */
export interface LaneTarget {
  field: string;
  key: string;
}

/** The card as it is in a lane: its responsible or picklist value set to the lane's. */
export function withLane(card: KanbanCard, lane: LaneTarget | undefined): KanbanCard {
  if (!lane || laneOf(card, lane.field) === lane.key) return card;
  if (lane.field === 'ResponsibleName')
    return { ...card, responsibleId: lane.key === NO_VALUE ? null : Number(lane.key) };
  const values = { ...card.values };
  if (lane.key === NO_VALUE) delete values[lane.field];
  else values[lane.field] = lane.key;
  return { ...card, values };
}

/** The value setLane takes for a lane: a user id or null, an option's value or null. */
export function laneValue(lane: LaneTarget): number | string | null {
  if (lane.key === NO_VALUE) return null;
  return lane.field === 'ResponsibleName' ? Number(lane.key) : lane.key;
}

/**
 * The columns with one card moved to the top of another column (while its transition runs),
 * totals adjusted, and into another lane when one is given; unchanged when the card is not found
 * or already there.
 */
export function moveCard(
  columns: KanbanColumn[],
  cardId: number,
  toStatusId: number,
  lane?: LaneTarget,
): KanbanColumn[] {
  const from = columns.find((c) => c.cards.some((card) => card.id === cardId));
  if (!from || !columns.some((c) => c.id === toStatusId)) return columns;
  const card = from.cards.find((c) => c.id === cardId)!;
  const moved = withLane(card, lane);
  if (from.id === toStatusId) {
    if (moved === card) return columns;
    return columns.map((col) =>
      col.id === from.id ? { ...col, cards: col.cards.map((c) => (c.id === cardId ? moved : c)) } : col,
    );
  }
  return columns.map((col) => {
    if (col.id === from.id) return { ...col, total: col.total - 1, cards: col.cards.filter((c) => c.id !== cardId) };
    if (col.id === toStatusId)
      return { ...col, total: col.total + 1, cards: [{ ...moved, statusId: toStatusId }, ...col.cards] };
    return col;
  });
}

/** The actions of a card that end in the column it was dropped on. */
export function actionsTo(actions: ActionView[], toStatusId: number): ActionView[] {
  return actions.filter((a) => a.to.id === toStatusId);
}

/** Statuses an action leads to from a status: where a dragged card may go (highlighted columns). */
export function targetsFrom(actions: ActionView[], fromStatusId: number): Set<number> {
  return new Set(actions.filter((a) => a.from.some((s) => s.id === fromStatusId)).map((a) => a.to.id));
}

/**
 * On a board whose WIP limits are strict, a column with no room left takes no card: it leaves the
 * drop targets (dimmed while dragging), as the server would refuse the move.
 */
export function withoutFullColumns(targets: Set<number>, columns: KanbanColumn[], strict: boolean): Set<number> {
  if (!strict) return targets;
  const full = new Set(columns.filter((c) => wipState(c.total + 1, c.wipLimit) === 'over').map((c) => c.id));
  return new Set([...targets].filter((id) => !full.has(id)));
}

export type WipState = 'none' | 'under' | 'full' | 'over';

/** How a column stands against its work-in-progress limit (0: no limit). */
export function wipState(count: number, limit: number): WipState {
  if (limit <= 0) return 'none';
  if (count > limit) return 'over';
  return count === limit ? 'full' : 'under';
}

/**
 * The board's lanes: one lane without swimlanes; by a picklist, one lane per option in the
 * picklist's order (a value that is no option any more after them), then the cards without a
 * value; by responsible, one lane per user the server names (swimlane.options: who may take the
 * board's items) and per responsible of a card, by name, then the cards without one. Every lane
 * is there whether or not it has cards, so a card can be dropped into any of them.
 */
export function buildLanes(
  columns: KanbanColumn[],
  swimlane: Swimlane | undefined,
  users: Map<number, KanbanUser>,
): Lane[] {
  const empty = (key: string, title: string, color = '', avatar = '', parent = ''): Lane => ({
    key,
    title,
    color,
    avatar,
    parent,
    cells: new Map(columns.map((c) => [c.id, [] as KanbanCard[]])),
    count: 0,
  });
  if (!swimlane) {
    const one = empty(ONE_LANE, '');
    for (const col of columns) one.cells.set(col.id, col.cards);
    one.count = columns.reduce((n, c) => n + c.cards.length, 0);
    return [one];
  }
  const byResponsible = swimlane.field === 'ResponsibleName';
  const userLane = (key: string, name = key) => {
    const user = users.get(Number(key));
    return empty(key, user?.name ?? name, '', user?.avatar ?? '');
  };
  const lanes = new Map<string, Lane>();
  for (const o of swimlane.options) {
    if (o.value !== NO_VALUE)
      lanes.set(o.value, byResponsible ? userLane(o.value, o.text) : empty(o.value, o.text, o.color, '', o.parent));
  }
  const noValue = empty(NO_VALUE, '');
  for (const col of columns) {
    for (const card of col.cards) {
      const key = laneOf(card, swimlane.field);
      let lane = key === NO_VALUE ? noValue : lanes.get(key);
      if (!lane) {
        lane = userLane(key);
        lanes.set(key, lane);
      }
      lane.cells.get(col.id)!.push(card);
      lane.count++;
    }
  }
  const ordered = [...lanes.values()];
  if (byResponsible) ordered.sort((a, b) => a.title.localeCompare(b.title));
  return [...ordered, noValue];
}

/**
 * Whether a card may go to a lane: a lane of a picklist that depends on another takes only the
 * cards whose value of that one is the option's parent (the form's check; the server refuses the
 * others too). The no-value lane and options without a parent take any card.
 */
export function laneFits(
  card: KanbanCard,
  swimlane: Pick<Swimlane, 'field' | 'dependsOn'>,
  lane: Pick<Lane, 'key' | 'parent'>,
): boolean {
  if (!swimlane.dependsOn || !lane.parent || laneOf(card, swimlane.field) === lane.key) return true;
  return (card.values[swimlane.dependsOn] ?? '') === lane.parent;
}

/** A lane as a card's menu offers it: the board's lane without its cards, titled as the board words it. */
export interface LaneEntry {
  key: string;
  title: string;
  color: string;
  avatar: string;
  parent: string;
}

/** The lanes a card's menu offers (those the board draws, in its order) and the swimlane they split. */
export interface CardLanes {
  field: string;
  dependsOn: string;
  /** The name of the dependsOn attribute, which a lane of another parent names. */
  parentName: string;
  entries: LaneEntry[];
}

export interface LaneChoice extends LaneEntry {
  /** The card is in this lane: marked, not a choice. */
  current: boolean;
  /** False: an option of another parent than the card's (a drop there is refused). */
  fits: boolean;
}

/** The lanes a card may be moved to from its menu: each lane the board draws, the card's own marked. */
export function laneChoices(card: KanbanCard, lanes: CardLanes): LaneChoice[] {
  const current = laneOf(card, lanes.field);
  return lanes.entries.map((e) => ({ ...e, current: e.key === current, fits: laneFits(card, lanes, e) }));
}

/** The keys that move the keyboard's focus from card to card. */
export const CARD_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'] as const;
export type CardKey = (typeof CARD_KEYS)[number];

export function isCardKey(key: string): key is CardKey {
  return (CARD_KEYS as readonly string[]).includes(key);
}

/**
 * The card a key leads to from a card, in its lane: up and down (Home, End) within its column, left
 * and right to the nearest row of the next column that has cards. Undefined at an edge.
 */
export function neighbourCard(lanes: Lane[], columnIds: number[], cardId: number, key: CardKey): number | undefined {
  for (const lane of lanes) {
    const col = columnIds.findIndex((id) => lane.cells.get(id)?.some((c) => c.id === cardId));
    if (col < 0) continue;
    const cards = lane.cells.get(columnIds[col]!)!;
    const row = cards.findIndex((c) => c.id === cardId);
    if (key === 'ArrowUp') return cards[row - 1]?.id;
    if (key === 'ArrowDown') return cards[row + 1]?.id;
    if (key === 'Home') return cards[0]?.id;
    if (key === 'End') return cards[cards.length - 1]?.id;
    const step = key === 'ArrowLeft' ? -1 : 1;
    for (let next = col + step; next >= 0 && next < columnIds.length; next += step) {
      const other = lane.cells.get(columnIds[next]!) ?? [];
      if (other.length > 0) return other[Math.min(row, other.length - 1)]!.id;
    }
    return undefined;
  }
  return undefined;
}

/** Which cards of a list are visible in a scrolled window of fixed-height rows (virtualisation). */
export function visibleRange(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan = 5,
): { start: number; end: number } {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { start, end: Math.max(start, end) };
}

/** Initials for an avatar without a picture: the first letters of the first and last names. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (words[0]!.charAt(0) + last).toUpperCase();
}
