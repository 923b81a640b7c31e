import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { kanbanKeys, type BoardParams, type KanbanBoard, type KanbanCard, type KanbanColumn } from './api';
import {
  buildLanes,
  filterCards,
  laneFits,
  moveCard,
  neighbourCard,
  NO_VALUE,
  ONE_LANE,
  type CardKey,
  type CardLanes,
  type Lane,
} from './board';
import { useBoardPages } from './useBoardPages';
import { useCardDrag } from './useCardDrag';
import { useCardMove } from './useCardMove';
import { useLaneField } from './useLaneField';
import { useWipLimits } from './useWipLimits';
import './i18n';

export interface UseBoardOptions {
  board: KanbanBoard;
  params: BoardParams;
  appID: number;
  /** The text filter, once typing pauses: the server searches every card. */
  onSearch: (search: string) => void;
}

/**
 * A loaded board's state: the cards its columns loaded, the filter, the lanes, the card being
 * dragged or moved, and what the user does to them. BoardScreen draws what it answers.
 */
export function useBoard({ board, params, appID, onSearch }: UseBoardOptions) {
  const { t } = useTranslation('kanban');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const componentId = board.view.componentId;
  const [laneField, chooseLane] = useLaneField(board);
  const [text, setText] = useState('');
  // The card last moved from its menu: it keeps the focus wherever it is drawn, until the focus goes elsewhere on the board.
  const [focusCard, setFocusCard] = useState<number | null>(null);
  // The card the keyboard was last on: its cell's one stop of the Tab key (the first card otherwise).
  const [activeCard, setActiveCard] = useState<number | null>(null);

  // The loaded cards filter at once; the server's search follows when typing pauses.
  useEffect(() => {
    const id = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(id);
  }, [text, onSearch]);
  const { loaded, users, loadingMore, loadMore } = useBoardPages(board, params);

  // Every board of this view, whatever its query or search: a search that was already on its way
  // when a card moved would otherwise bring the card back to its old column.
  // A failed reload rejects, so a move does not wait for a board that will not come.
  // It answers the reloaded board: a moved card waits for it to show.
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: kanbanKeys.board(params).slice(0, 3) }, { throwOnError: true });
    return queryClient.getQueryData<KanbanBoard>(kanbanKeys.board(params));
  }, [queryClient, params]);
  const reload = () =>
    refresh().catch((error: unknown) =>
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' }),
    );

  const { pending, refused, move, dialogs } = useCardMove(
    componentId,
    loaded,
    refresh,
    board.wipStrict,
    board.view.id,
    board,
  );
  const drag = useCardDrag(board);
  const setWip = useWipLimits(board, refresh);

  const columns = useMemo(
    () => (pending ? moveCard(loaded, pending.cardId, pending.to, pending.lane) : loaded),
    [loaded, pending],
  );
  const shownColumns = useMemo(
    () => columns.map((c) => ({ ...c, cards: filterCards(c.cards, text) })),
    [columns, text],
  );
  const swimlane = board.swimlanes.find((l) => l.field === laneField);
  const lanes = useMemo(() => buildLanes(shownColumns, swimlane, users), [shownColumns, swimlane, users]);
  const noValueTitle = laneField === 'ResponsibleName' ? t('noResponsible') : t('noValue');
  const laneTitle = (lane: Lane) => (lane.key === NO_VALUE ? noValueTitle : lane.title);
  // The lanes a card's menu offers: those drawn, as the board words them.
  const cardLanes = useMemo<CardLanes | undefined>(
    () =>
      swimlane && {
        field: swimlane.field,
        dependsOn: swimlane.dependsOn,
        parentName: board.swimlanes.find((l) => l.field === swimlane.dependsOn)?.name ?? swimlane.dependsOn,
        entries: lanes.map((l) => ({
          key: l.key,
          title: l.key === NO_VALUE ? noValueTitle : l.title,
          color: l.color,
          avatar: l.avatar,
          parent: l.parent,
        })),
      },
    [swimlane, board.swimlanes, lanes, noValueTitle],
  );

  // Stable handlers keep the memoised cards from rendering again on every scroll.
  // The card takes the focus again in its new column, so the keyboard stays on it.
  const moveTo = useCallback(
    (card: KanbanCard, to: number) => {
      setFocusCard(card.id);
      void move(card, to);
    },
    [move],
  );
  // The menu's "Move to lane…": what a drop into that lane of the card's own column does.
  const moveToLane = useCallback(
    (card: KanbanCard, key: string) => {
      if (!swimlane) return;
      setFocusCard(card.id);
      void move(card, card.statusId, { field: swimlane.field, key });
    },
    [move, swimlane],
  );
  const cardLink = useCallback(
    (card: KanbanCard) => `/runtime/${appID}/editItem/${componentId}/${card.id}/0`,
    [appID, componentId],
  );
  const openCard = useCallback((card: KanbanCard) => navigate(cardLink(card)), [navigate, cardLink]);
  // The colour field's option of a card, in words: the colour is never the only sign of it.
  const colorField = board.swimlanes.find((l) => l.field === board.colorField);
  const colorMeaning = (card: KanbanCard) => {
    const value = colorField && card.values[colorField.field];
    const option = value ? colorField.options.find((o) => o.value === value) : undefined;
    return option && colorField ? { colorField: colorField.name, colorValue: option.text } : undefined;
  };

  /**
   * Whether the dragged card may go to a cell: false where it may not (a lane it does not fit, a
   * column no action leads to), true where an action leads, undefined when there is nothing to say
   * (no drag, its own column, the workflow's answer still on its way).
   */
  const allowedIn = (lane: Lane, column: KanbanColumn): boolean | undefined => {
    const { dragging, targets } = drag;
    // A lane the dragged card does not fit (a dependent picklist's option of another parent) takes it in no column.
    const fits = !dragging || !swimlane || laneFits(dragging, swimlane, lane);
    if (!fits) return false;
    if (!dragging || dragging.statusId === column.id) return undefined;
    return targets === null ? undefined : targets.has(column.id);
  };

  const dropOn = (lane: Lane, column: KanbanColumn) => {
    const card = drag.drop();
    if (card && swimlane && !laneFits(card, swimlane, lane)) {
      const parent = board.swimlanes.find((l) => l.field === swimlane.dependsOn)?.name ?? swimlane.dependsOn;
      enqueueSnackbar(t('laneRefused', { lane: laneTitle(lane), field: parent }), { variant: 'warning' });
      return;
    }
    // A board split into lanes: the lane dropped on is where the card goes too.
    if (card)
      void move(
        card,
        column.id,
        swimlane && lane.key !== ONE_LANE ? { field: swimlane.field, key: lane.key } : undefined,
      );
  };

  // The focus leaving the card last moved from its menu: it no longer takes it back.
  const focusMoved = (target: HTMLElement) => {
    if (focusCard !== null && !target.closest(`[data-card-id="${focusCard}"]`)) setFocusCard(null);
    const card = target.closest('[data-card-id]')?.getAttribute('data-card-id');
    if (card) setActiveCard(Number(card));
  };

  // The arrows, Home and End move the focus from card to card (the lanes as drawn, through a ref so
  // the memoised cards keep one handler). Answers whether the key led somewhere.
  const drawn = useRef({ lanes, columnIds: shownColumns.map((c) => c.id) });
  useEffect(() => {
    drawn.current = { lanes, columnIds: shownColumns.map((c) => c.id) };
  }, [lanes, shownColumns]);
  const focusNeighbour = useCallback((card: KanbanCard, key: CardKey) => {
    const next = neighbourCard(drawn.current.lanes, drawn.current.columnIds, card.id, key);
    if (next !== undefined) setFocusCard(next);
    return next !== undefined;
  }, []);

  return {
    text,
    setText,
    laneField,
    chooseLane,
    swimlane,
    shownColumns,
    lanes,
    laneTitle,
    cardLanes,
    users,
    loadingMore,
    loadMore,
    pending,
    refused,
    dialogs,
    drag,
    allowedIn,
    dropOn,
    focusCard,
    focusMoved,
    activeCard,
    focusNeighbour,
    moveTo,
    moveToLane,
    openCard,
    cardLink,
    colorMeaning,
    setWip,
    reload,
  };
}

export type BoardState = ReturnType<typeof useBoard>;
