import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface KanbanCard {
  id: number;
  FormattedID: number;
  title: string;
  statusId: number;
  responsibleId: number | null;
  color: string;
  /** Picklist attribute values by key (swimlanes). */
  values: Record<string, string>;
  /** The item's version as the board read it (setLane's stamp). */
  modificationDateTicks: number;
}

export interface KanbanColumn {
  id: number;
  key: string;
  name: string;
  color: string;
  initial: boolean;
  final: boolean;
  /** The limit in force (an administrator's, else the package's); 0: no limit. */
  wipLimit: number;
  /** The package's default limit (the view's wip); 0: none. */
  wipDefault: number;
  total: number;
  /** What total is, as a list's total: counted, the planner's estimate, or a lower bound (absent: exact). */
  totalKind?: TotalKind;
  cards: KanbanCard[];
}

export type TotalKind = 'exact' | 'estimate' | 'atLeast';

export interface LaneOption {
  value: string;
  text: string;
  color: string;
  /** The value of the swimlane's dependsOn this option belongs to; empty: any. */
  parent: string;
}

export interface Swimlane {
  /** ResponsibleName or a picklist attribute key. */
  field: string;
  name: string;
  /**
   * The lanes, cards or not: a picklist's options in order; for ResponsibleName the users who may
   * take the board's items (value: the user id; name and avatar in users), at most 30.
   */
  options: LaneOption[];
  /** ResponsibleName: more users may take the items than the lanes listed. */
  capped: boolean;
  /** A picklist that depends on another: the attribute whose value an option must belong to. */
  dependsOn: string;
}

export interface KanbanUser {
  id: number;
  name: string;
  avatar: string;
}

export interface KanbanBoard {
  view: {
    id: number;
    key: string;
    name: string;
    componentId: number;
    componentKey: string;
    componentName: string;
    applicationId: number;
  };
  queryId: number;
  queries: { id: number; name: string; isDefault: boolean }[];
  /** The package's query of the view: the board shows only its items, whatever query is picked. */
  viewQuery: { id: number; name: string; isDefault: boolean } | null;
  colorField: string;
  swimlane: string;
  swimlanes: Swimlane[];
  columns: KanbanColumn[];
  users: KanbanUser[];
  pageSize: number;
  canConfigure: boolean;
  /** A move past a column's WIP limit is refused (the package's wipStrict), not only confirmed. */
  wipStrict: boolean;
}

export interface KanbanPage {
  statusId: number;
  offset: number;
  total: number;
  totalKind?: TotalKind;
  cards: KanbanCard[];
  users: KanbanUser[];
}

export interface BoardRef {
  id: number;
  key: string;
  name: string;
  componentId: number;
  componentName: string;
  applicationId: number;
  link: string;
}

/** Cards asked per column and page: 2,000 cards are four pages of a column. */
export const PAGE_SIZE = 500;

/** What selects the cards of a board: the view, the query (undefined: the type's default, 0: all), a search. */
export interface BoardParams {
  viewID: number;
  queryID?: number;
  search?: string;
}

export const kanbanKeys = {
  board: (p: BoardParams) => ['kanban', 'board', p.viewID, p.queryID ?? 'default', p.search ?? ''] as const,
  boards: ['kanban', 'boards'] as const,
};

export const boardQuery = (p: BoardParams) =>
  queryOptions({
    queryKey: kanbanKeys.board(p),
    queryFn: ({ signal }) =>
      api.get<KanbanBoard>('/kanban/getBoard', {
        query: { viewID: p.viewID, queryID: p.queryID, search: p.search || undefined, limit: PAGE_SIZE },
        signal,
      }),
  });

export const boardsQuery = queryOptions({
  queryKey: kanbanKeys.boards,
  queryFn: ({ signal }) => api.get<BoardRef[]>('/kanban/getBoards', { signal }),
  staleTime: 60_000,
});

export function fetchColumnPage(
  p: BoardParams,
  statusID: number,
  offset: number,
  signal?: AbortSignal,
): Promise<KanbanPage> {
  return api.get<KanbanPage>('/kanban/getColumn', {
    query: { viewID: p.viewID, queryID: p.queryID, search: p.search || undefined, statusID, offset, limit: PAGE_SIZE },
    signal,
  });
}

export function saveWipLimits(viewID: number, limits: { statusId: number; limit: number }[]): Promise<KanbanBoard> {
  return api.post<KanbanBoard>('/kanban/saveWipLimits', { viewID, limits });
}

/**
 * A card dropped into another swimlane: its lane's field takes the lane's value (a user id or null
 * for ResponsibleName, an option's value or null for a picklist). stamp: the version the board
 * showed, or the one a transition just answered.
 */
export function setLane(
  viewID: number,
  itemId: number,
  field: string,
  value: number | string | null,
  stamp: number,
): Promise<{ Message: string }> {
  return api.post<{ Message: string }>('/kanban/setLane', {
    viewID,
    itemId,
    field,
    value,
    modificationDateTicks: stamp,
  });
}
