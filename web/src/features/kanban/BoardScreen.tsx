import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogCancelled, useDialogs } from '../../components/dialogs/useDialogs';
import { getActionsFromStatus } from '../workflow';
import {
  fetchColumnPage,
  kanbanKeys,
  saveWipLimits,
  type BoardParams,
  type KanbanBoard,
  type KanbanCard,
  type KanbanColumn,
  type KanbanUser,
} from './api';
import {
  buildLanes,
  filterCards,
  initials,
  laneFits,
  mergeCards,
  moveCard,
  NO_VALUE,
  ONE_LANE,
  targetsFrom,
  withoutFullColumns,
  type CardLanes,
  type Lane,
} from './board';
import { ColumnHeader } from './ColumnHeader';
import { CARD_ROW, KanbanCardView } from './KanbanCardView';
import { useCardMove } from './useCardMove';
import { VirtualCardList } from './VirtualCardList';
import './i18n';

const COLUMN_WIDTH = 288;
/** A lane's cells scroll past this height when the board has swimlanes. */
const LANE_HEIGHT = CARD_ROW * 4 + 8;
/** A cell without cards in a board with swimlanes: a thin drop zone, so many empty lanes stay readable. */
const EMPTY_CELL = 36;

export interface BoardScreenProps {
  board: KanbanBoard;
  params: BoardParams;
  title: string;
  appID: number;
  onQuery: (queryID: number) => void;
  /** The text filter, once typing pauses: the server searches every card. */
  onSearch: (search: string) => void;
  refreshing: boolean;
}

const laneStorageKey = (viewId: number) => `kanban.swimlane.${viewId}`;

function readLane(board: KanbanBoard): string {
  try {
    const stored = localStorage.getItem(laneStorageKey(board.view.id));
    if (stored !== null && (stored === '' || board.swimlanes.some((l) => l.field === stored))) return stored;
  } catch {
    // storage unavailable: the view's default
  }
  return board.swimlane;
}

/** The board: toolbar (query, swimlanes, filter), column headers, and a row of cells per lane. */
export function BoardScreen({ board, params, title, appID, onQuery, onSearch, refreshing }: BoardScreenProps) {
  const { t } = useTranslation('kanban');
  const { enqueueSnackbar } = useSnackbar();
  const { prompt } = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const componentId = board.view.componentId;
  const [laneField, setLaneField] = useState(() => readLane(board));
  const [text, setText] = useState('');
  const [more, setMore] = useState<Record<number, KanbanCard[]>>({});
  const [moreUsers, setMoreUsers] = useState<KanbanUser[]>([]);
  const [loadingMore, setLoadingMore] = useState<Record<number, boolean>>({});
  const [dragging, setDragging] = useState<KanbanCard | null>(null);
  // The dragged card as the drag events see it: set in dragstart itself, so a dragover or drop that
  // comes before React renders the new state still finds it.
  const dragged = useRef<KanbanCard | null>(null);
  const [targets, setTargets] = useState<Set<number> | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // The card last moved from its menu: it keeps the focus wherever it is drawn, until the focus goes elsewhere on the board.
  const [focusCard, setFocusCard] = useState<number | null>(null);

  // The loaded cards filter at once; the server's search follows when typing pauses.
  useEffect(() => {
    const id = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(id);
  }, [text, onSearch]);
  // A new search (or query) answers new first pages: the pages loaded after them go.
  const [pagesOf, setPagesOf] = useState(board);
  if (pagesOf !== board) {
    setPagesOf(board);
    setMore({});
    setMoreUsers([]);
  }

  const loaded = useMemo(
    () => board.columns.map((c) => ({ ...c, cards: mergeCards(c.cards, more[c.id] ?? []) })),
    [board.columns, more],
  );
  const users = useMemo(() => new Map([...board.users, ...moreUsers].map((u) => [u.id, u])), [board.users, moreUsers]);

  // Every board of this view, whatever its query or search: a search that was already on its way
  // when a card moved would otherwise bring the card back to its old column.
  // A failed reload rejects, so a move does not wait for a board that will not come.
  // It answers the reloaded board: a moved card waits for it to show.
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: kanbanKeys.board(params).slice(0, 3) }, { throwOnError: true });
    return queryClient.getQueryData<KanbanBoard>(kanbanKeys.board(params));
  }, [queryClient, params]);

  const { pending, refused, move, dialogs } = useCardMove(
    componentId,
    loaded,
    refresh,
    board.wipStrict,
    board.view.id,
    board,
  );
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

  const loadMore = useCallback(
    async (column: KanbanColumn) => {
      // The board as loaded, not as a pending move shows it.
      const original = board.columns.find((c) => c.id === column.id);
      const have = (original?.cards.length ?? 0) + (more[column.id]?.length ?? 0);
      if (!original || loadingMore[column.id] || have >= original.total) return;
      setLoadingMore((s) => ({ ...s, [column.id]: true }));
      try {
        const page = await fetchColumnPage(params, column.id, have);
        setMore((m) => ({ ...m, [column.id]: [...(m[column.id] ?? []), ...page.cards] }));
        setMoreUsers((u) => [...u, ...page.users]);
      } catch (error) {
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
      } finally {
        setLoadingMore((s) => ({ ...s, [column.id]: false }));
      }
    },
    [board.columns, more, loadingMore, params, enqueueSnackbar],
  );

  // Stable handlers keep the memoised cards from rendering again on every scroll.
  const moveTo = useCallback((card: KanbanCard, to: number) => void move(card, to), [move]);
  // The menu's "Move to lane…": what a drop into that lane of the card's own column does.
  const moveToLane = useCallback(
    (card: KanbanCard, key: string) => {
      if (!swimlane) return;
      setFocusCard(card.id);
      void move(card, card.statusId, { field: swimlane.field, key });
    },
    [move, swimlane],
  );

  const openCard = useCallback(
    (card: KanbanCard) => navigate(`/runtime/${appID}/editItem/${componentId}/${card.id}/0`),
    [navigate, appID, componentId],
  );

  const startDrag = useCallback(
    (card: KanbanCard) => {
      dragged.current = card;
      setDragging(card);
      setTargets(null);
      queryClient
        .fetchQuery({
          queryKey: ['workflow', 'fromStatus', componentId, card.statusId],
          queryFn: ({ signal }) => getActionsFromStatus(componentId, card.statusId, signal),
          staleTime: 60_000,
        })
        .then((actions) =>
          setTargets(withoutFullColumns(targetsFrom(actions, card.statusId), board.columns, board.wipStrict)),
        )
        .catch(() => setTargets(new Set()));
    },
    [queryClient, componentId, board.columns, board.wipStrict],
  );
  const endDrag = useCallback(() => {
    dragged.current = null;
    setDragging(null);
    setTargets(null);
    setOver(null);
  }, []);
  // A drag that ends anywhere ends here too: the card's own dragend does not come when a reload
  // took its element out of the page meanwhile.
  useEffect(() => {
    if (!dragging) return undefined;
    window.addEventListener('dragend', endDrag, true);
    window.addEventListener('drop', endDrag);
    return () => {
      window.removeEventListener('dragend', endDrag, true);
      window.removeEventListener('drop', endDrag);
    };
  }, [dragging, endDrag]);

  const setWip = async (column: KanbanColumn) => {
    let answer: string;
    try {
      const label =
        column.wipDefault > 0
          ? t('wipPromptDefault', { name: column.name, limit: column.wipDefault })
          : t('wipPrompt', { name: column.name });
      answer = await prompt({ title: t('wipSet'), label, defaultValue: String(column.wipLimit), required: true });
    } catch (error) {
      if (error instanceof DialogCancelled) return;
      throw error;
    }
    const limit = Number(answer.trim());
    if (!Number.isInteger(limit) || limit < 0 || limit > 10000) {
      enqueueSnackbar(t('wipInvalid'), { variant: 'warning' });
      return;
    }
    const limits = board.columns.map((c) => ({ statusId: c.id, limit: c.id === column.id ? limit : c.wipLimit }));
    try {
      await saveWipLimits(board.view.id, limits);
      enqueueSnackbar(t('wipSaved'), { variant: 'success' });
      await refresh();
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
  };

  const chooseLane = (field: string) => {
    setLaneField(field);
    try {
      localStorage.setItem(laneStorageKey(board.view.id), field);
    } catch {
      // not remembered
    }
  };

  const total = board.columns.reduce((n, c) => n + c.total, 0);
  const single = lanes.length === 1 && lanes[0]!.key === ONE_LANE;
  // One lane (no swimlanes, or every card in one) fills the screen; several share it.
  const cellHeight = lanes.length === 1 ? `calc(100vh - ${single ? 250 : 290}px)` : undefined;

  const renderCell = (lane: Lane, column: KanbanColumn) => {
    const cards = lane.cells.get(column.id) ?? [];
    const cellKey = `${lane.key}:${column.id}`;
    // A lane the dragged card does not fit (a dependent picklist's option of another parent) takes it in no column.
    const fits = !dragging || !swimlane || laneFits(dragging, swimlane, lane);
    const allowed = !fits
      ? false
      : dragging && dragging.statusId !== column.id
        ? targets === null
          ? undefined
          : targets.has(column.id)
        : undefined;
    const isRefused = refused === column.id;
    const isOver = over === cellKey;
    // A thin row: an empty lane, or a lane's column without cards.
    const thin = !single && cards.length === 0;
    return (
      <Box
        key={cellKey}
        data-status-id={column.id}
        aria-label={t('column', { name: column.name })}
        onDragOver={(e) => {
          if (!dragged.current) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          if (over !== cellKey) setOver(cellKey);
        }}
        onDragLeave={() => setOver((o) => (o === cellKey ? null : o))}
        onDrop={(e) => {
          e.preventDefault();
          const card = dragged.current;
          endDrag();
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
        }}
        sx={{
          width: COLUMN_WIDTH,
          flex: `0 0 ${COLUMN_WIDTH}px`,
          bgcolor: isOver && allowed !== false ? 'action.selected' : 'action.hover',
          borderRadius: single ? '0 0 4px 4px' : 1,
          pt: thin ? 0 : 1,
          height: thin ? EMPTY_CELL : undefined,
          display: thin ? 'flex' : undefined,
          alignItems: 'center',
          justifyContent: 'center',
          outline: 2,
          outlineOffset: -2,
          outlineStyle: thin && dragging && !isOver && !isRefused ? 'dashed' : 'solid',
          outlineColor: isRefused
            ? 'error.main'
            : isOver
              ? allowed === false
                ? 'error.light'
                : 'primary.main'
              : allowed
                ? 'success.light'
                : thin && dragging
                  ? 'divider'
                  : 'transparent',
          opacity: allowed === false ? 0.55 : 1,
          transition: 'outline-color 120ms, opacity 120ms',
          animation: isRefused ? 'kanban-refused 0.4s' : undefined,
          '@keyframes kanban-refused': {
            '0%, 100%': { transform: 'translateX(0)' },
            '25%': { transform: 'translateX(-6px)' },
            '75%': { transform: 'translateX(6px)' },
          },
        }}
      >
        {cards.length === 0 ? (
          thin ? (
            <Typography
              variant="caption"
              color={isOver ? 'primary' : 'text.secondary'}
              component="div"
              sx={{ textAlign: 'center' }}
            >
              {dragging ? (allowed === false ? '' : t('dropHere')) : lane.count > 0 ? t('empty') : ''}
            </Typography>
          ) : (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ textAlign: 'center', py: 2, height: cellHeight }}
            >
              {dragging ? t('dropHere') : t('empty')}
            </Typography>
          )
        ) : (
          <VirtualCardList
            items={cards}
            rowHeight={CARD_ROW}
            height={cellHeight ?? Math.min(LANE_HEIGHT, cards.length * CARD_ROW + 8)}
            itemKey={(c) => c.id}
            label={t('column', { name: column.name })}
            reveal={focusCard ?? undefined}
            onEndReached={() => void loadMore(column)}
            footer={
              loadingMore[column.id] ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', textAlign: 'center', py: 1 }}
                >
                  {t('loadingMore')}
                </Typography>
              ) : null
            }
            renderItem={(card) => (
              <KanbanCardView
                card={card}
                componentName={board.view.componentName}
                user={card.responsibleId == null ? undefined : users.get(card.responsibleId)}
                columns={board.columns}
                lanes={cardLanes}
                moving={pending?.cardId === card.id}
                takesFocus={focusCard === card.id}
                onDragStart={startDrag}
                onDragEnd={endDrag}
                onOpen={openCard}
                onMove={moveTo}
                onMoveToLane={moveToLane}
              />
            )}
          />
        )}
      </Box>
    );
  };

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {board.view.componentName} · {t('cards', { count: total })}
          {board.viewQuery && ` · ${t('viewQuery', { name: board.viewQuery.name })}`}
        </Typography>
      </Box>
      <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('query')}
          value={board.queryId}
          onChange={(e) => onQuery(Number(e.target.value))}
          sx={{ width: 220 }}
        >
          <MenuItem value={0}>{t('allItems')}</MenuItem>
          {board.queries.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('swimlane')}
          value={laneField}
          onChange={(e) => chooseLane(e.target.value)}
          sx={{ width: 220 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('noSwimlane')}</MenuItem>
          {board.swimlanes.map((l) => (
            <MenuItem key={l.field} value={l.field}>
              {l.field === 'ResponsibleName' ? t('responsible') : l.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('filter')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: 240 }}
        />
        <Tooltip title={t('refresh')}>
          <span>
            <IconButton
              aria-label={t('refresh')}
              onClick={() =>
                refresh().catch((error: unknown) =>
                  enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' }),
                )
              }
              disabled={refreshing}
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box
        role="region"
        aria-label={t('board', { name: title })}
        onFocus={(e) => {
          if (focusCard !== null && !(e.target as HTMLElement).closest(`[data-card-id="${focusCard}"]`))
            setFocusCard(null);
        }}
        sx={{ overflowX: 'auto', pb: 1 }}
      >
        <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 1, minWidth: '100%' }}>
          <Box sx={{ display: 'flex', gap: 1.5, position: 'sticky', top: 0, zIndex: 1 }}>
            {shownColumns.map((c) => (
              <Box
                key={c.id}
                sx={{ width: COLUMN_WIDTH, flex: `0 0 ${COLUMN_WIDTH}px`, boxShadow: 1, borderRadius: '4px 4px 0 0' }}
              >
                <ColumnHeader
                  column={c}
                  shown={c.cards.length}
                  canConfigure={board.canConfigure}
                  onSetWip={(col) => void setWip(col)}
                />
              </Box>
            ))}
          </Box>
          {lanes.map((lane) => (
            <Box key={lane.key} role="group" aria-label={single ? undefined : laneTitle(lane)}>
              {!single && (
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{
                    alignItems: 'center',
                    py: lane.count > 0 ? 0.5 : 0.25,
                    position: 'sticky',
                    left: 0,
                    width: 'fit-content',
                    opacity: lane.count > 0 ? 1 : 0.75,
                  }}
                >
                  {laneField === 'ResponsibleName' && lane.key !== NO_VALUE ? (
                    <Avatar src={lane.avatar || undefined} sx={{ width: 24, height: 24, fontSize: 12 }}>
                      {initials(lane.title)}
                    </Avatar>
                  ) : (
                    <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: lane.color || 'divider' }} />
                  )}
                  <Typography variant="subtitle2">{laneTitle(lane)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('cards', { count: lane.count })}
                  </Typography>
                </Stack>
              )}
              <Box sx={{ display: 'flex', gap: 1.5 }}>{shownColumns.map((c) => renderCell(lane, c))}</Box>
            </Box>
          ))}
          {swimlane?.capped && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ position: 'sticky', left: 0, width: 'fit-content' }}
            >
              {t('lanesCapped', { count: swimlane.options.length })}
            </Typography>
          )}
        </Box>
      </Box>
      {dialogs}
    </Box>
  );

  function laneTitle(lane: Lane): string {
    if (lane.key !== NO_VALUE) return lane.title;
    return laneField === 'ResponsibleName' ? t('noResponsible') : t('noValue');
  }
}
