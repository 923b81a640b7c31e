import { useCallback, useMemo, useState } from 'react';
import { useSnackbar } from 'notistack';
import {
  fetchColumnPage,
  PAGE_SIZE,
  type BoardParams,
  type KanbanBoard,
  type KanbanCard,
  type KanbanColumn,
  type KanbanUser,
} from './api';
import { mergeCards } from './board';

export interface BoardPages {
  /** The board's columns with every card loaded so far: the first pages and those scrolled to. */
  loaded: KanbanColumn[];
  /** Who the loaded cards name, by id. */
  users: Map<number, KanbanUser>;
  /** Whether a column's next page is on its way. */
  loadingMore: Record<number, boolean>;
  /** Loads a column's next page, when it has more cards than are loaded. */
  loadMore: (column: KanbanColumn) => Promise<void>;
}

/**
 * The pages of cards a board's columns load as they scroll. A new board (a new search or query)
 * answers new first pages: the pages loaded after the old ones go.
 */
export function useBoardPages(board: KanbanBoard, params: BoardParams): BoardPages {
  const { enqueueSnackbar } = useSnackbar();
  const [more, setMore] = useState<Record<number, KanbanCard[]>>({});
  const [moreUsers, setMoreUsers] = useState<KanbanUser[]>([]);
  const [loadingMore, setLoadingMore] = useState<Record<number, boolean>>({});
  // Columns whose last page came back short: their end when the total is not exact.
  const [ended, setEnded] = useState<Record<number, boolean>>({});

  const [pagesOf, setPagesOf] = useState(board);
  if (pagesOf !== board) {
    setPagesOf(board);
    setMore({});
    setMoreUsers([]);
    setEnded({});
  }

  const loaded = useMemo(
    () => board.columns.map((c) => ({ ...c, cards: mergeCards(c.cards, more[c.id] ?? []) })),
    [board.columns, more],
  );
  const users = useMemo(() => new Map([...board.users, ...moreUsers].map((u) => [u.id, u])), [board.users, moreUsers]);

  const loadMore = useCallback(
    async (column: KanbanColumn) => {
      // The board as loaded, not as a pending move shows it.
      const original = board.columns.find((c) => c.id === column.id);
      const have = (original?.cards.length ?? 0) + (more[column.id]?.length ?? 0);
      if (!original || loadingMore[column.id] || ended[column.id]) return;
      if ((original.totalKind ?? 'exact') === 'exact' && have >= original.total) return;
      setLoadingMore((s) => ({ ...s, [column.id]: true }));
      try {
        const page = await fetchColumnPage(params, column.id, have);
        setMore((m) => ({ ...m, [column.id]: [...(m[column.id] ?? []), ...page.cards] }));
        setMoreUsers((u) => [...u, ...page.users]);
        if (page.cards.length < PAGE_SIZE) setEnded((e) => ({ ...e, [column.id]: true }));
      } catch (error) {
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
      } finally {
        setLoadingMore((s) => ({ ...s, [column.id]: false }));
      }
    },
    [board.columns, more, loadingMore, ended, params, enqueueSnackbar],
  );

  return { loaded, users, loadingMore, loadMore };
}
