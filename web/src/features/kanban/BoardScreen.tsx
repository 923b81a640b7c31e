import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BoardParams, KanbanBoard, KanbanColumn } from './api';
import { ONE_LANE, type Lane } from './board';
import { BoardCell } from './BoardCell';
import { BoardLanes } from './BoardLanes';
import { BoardToolbar } from './BoardToolbar';
import { KanbanCardView } from './KanbanCardView';
import { useBoard } from './useBoard';
import './i18n';

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

/** The board: toolbar (query, swimlanes, filter), column headers, and a row of cells per lane. */
export function BoardScreen({ board, params, title, appID, onQuery, onSearch, refreshing }: BoardScreenProps) {
  const { t } = useTranslation('kanban');
  const state = useBoard({ board, params, appID, onSearch });
  const { drag, lanes, swimlane } = state;

  const total = board.columns.reduce((n, c) => n + c.total, 0);
  const estimated = board.columns.some((c) => (c.totalKind ?? 'exact') !== 'exact');
  const single = lanes.length === 1 && lanes[0]!.key === ONE_LANE;
  // One lane (no swimlanes, or every card in one) fills the screen; several share it.
  const cellHeight = lanes.length === 1 ? `calc(100vh - ${single ? 250 : 290}px)` : undefined;

  const renderCell = (lane: Lane, column: KanbanColumn) => {
    const cellKey = `${lane.key}:${column.id}`;
    return (
      <BoardCell
        key={cellKey}
        lane={lane}
        column={column}
        single={single}
        cellHeight={cellHeight}
        dragging={drag.dragging !== null}
        allowed={state.allowedIn(lane, column)}
        isOver={drag.over === cellKey}
        isRefused={state.refused === column.id}
        loadingMore={!!state.loadingMore[column.id]}
        reveal={state.focusCard ?? undefined}
        onDragOver={() => drag.dragOver(cellKey)}
        onDragLeave={() => drag.dragLeave(cellKey)}
        onDrop={() => state.dropOn(lane, column)}
        onEndReached={() => void state.loadMore(column)}
        laneTitle={single ? undefined : state.laneTitle(lane)}
        activeCard={state.activeCard}
        renderCard={(card, place) => (
          <KanbanCardView
            card={card}
            componentName={board.view.componentName}
            link={state.cardLink(card)}
            {...place}
            {...state.colorMeaning(card)}
            user={card.responsibleId == null ? undefined : state.users.get(card.responsibleId)}
            columns={board.columns}
            lanes={state.cardLanes}
            moving={state.pending?.cardId === card.id}
            takesFocus={state.focusCard === card.id}
            onDragStart={drag.startDrag}
            onDragEnd={drag.endDrag}
            onOpen={state.openCard}
            onMove={state.moveTo}
            onMoveToLane={state.moveToLane}
            onKey={state.focusNeighbour}
          />
        )}
      />
    );
  };

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {/* A live region: the new count is said when a query or the filter changes it. */}
        <Typography variant="body2" color="text.secondary" role="status">
          {board.view.componentName} · {estimated ? t('cardsEstimate', { count: total }) : t('cards', { count: total })}
          {board.viewQuery && ` · ${t('viewQuery', { name: board.viewQuery.name })}`}
        </Typography>
      </Box>
      <BoardToolbar
        board={board}
        onQuery={onQuery}
        laneField={state.laneField}
        onLane={state.chooseLane}
        text={state.text}
        onText={state.setText}
        onRefresh={() => void state.reload()}
        refreshing={refreshing}
      />
      <BoardLanes
        title={title}
        columns={state.shownColumns}
        lanes={lanes}
        single={single}
        laneField={state.laneField}
        laneTitle={state.laneTitle}
        capped={swimlane?.capped ? swimlane.options.length : undefined}
        canConfigure={board.canConfigure}
        onSetWip={(column) => void state.setWip(column)}
        onFocus={state.focusMoved}
        renderCell={renderCell}
      />
      {state.dialogs}
    </Box>
  );
}
