import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KanbanCard, KanbanColumn } from './api';
import type { Lane } from './board';
import { CARD_ROW, type CardPlace } from './KanbanCardView';
import { VirtualCardList } from './VirtualCardList';
import './i18n';

export const COLUMN_WIDTH = 288;
/** A lane's cells scroll past this height when the board has swimlanes. */
const LANE_HEIGHT = CARD_ROW * 4 + 8;
/** A cell without cards in a board with swimlanes: a thin drop zone, so many empty lanes stay readable. */
const EMPTY_CELL = 36;

export interface BoardCellProps {
  lane: Lane;
  column: KanbanColumn;
  /** The board is one lane: its cells fill the screen under the column headers. */
  single: boolean;
  /** The height of a cell that fills the screen (one lane), else undefined. */
  cellHeight: string | undefined;
  /** Whether a card is being dragged. */
  dragging: boolean;
  /** Whether the dragged card may go here (see useBoard's allowedIn). */
  allowed: boolean | undefined;
  /** The dragged card is over this cell. */
  isOver: boolean;
  /** The column refused a card a moment ago: the cell shakes. */
  isRefused: boolean;
  loadingMore: boolean;
  /** The card to scroll to (the one last moved from its menu). */
  reveal: number | undefined;
  /** A dragover: false when no card of this board is dragged. */
  onDragOver: () => boolean;
  onDragLeave: () => void;
  onDrop: () => void;
  onEndReached: () => void;
  /** The lane's title on a board with swimlanes (a card's place names it). */
  laneTitle: string | undefined;
  /** The card the keyboard was last on, anywhere on the board. */
  activeCard: number | null;
  renderCard: (card: KanbanCard, place: CardPlace) => ReactNode;
}

/** The cards of one column in one lane, and the drop zone for a dragged card. */
export function BoardCell({
  lane,
  column,
  single,
  cellHeight,
  dragging,
  allowed,
  isOver,
  isRefused,
  loadingMore,
  reveal,
  onDragOver,
  onDragLeave,
  onDrop,
  onEndReached,
  laneTitle,
  activeCard,
  renderCard,
}: BoardCellProps) {
  const { t } = useTranslation('kanban');
  const cards = lane.cells.get(column.id) ?? [];
  // A thin row: an empty lane, or a lane's column without cards.
  const thin = !single && cards.length === 0;
  // One lane counts the column's cards the server has, loaded or not; a lane's cell, those it holds.
  const count = single ? Math.max(column.total, cards.length) : cards.length;
  // One stop of the Tab key per cell: the card the keyboard was on, else the first; the arrows do the rest.
  const tabStop = cards.some((c) => c.id === activeCard) ? activeCard : cards[0]?.id;
  return (
    <Box
      data-status-id={column.id}
      aria-label={t('column', { name: column.name })}
      onDragOver={(e) => {
        if (!onDragOver()) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      onDragLeave={onDragLeave}
      onDrop={(e) => {
        e.preventDefault();
        onDrop();
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
          setSize={count}
          reveal={reveal}
          onEndReached={onEndReached}
          footer={
            loadingMore ? (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', textAlign: 'center', py: 1 }}
              >
                {t('loadingMore')}
              </Typography>
            ) : null
          }
          renderItem={(card, index) =>
            renderCard(card, {
              position: index + 1,
              count,
              column: column.name,
              lane: laneTitle,
              tabbable: card.id === tabStop,
            })
          }
        />
      )}
    </Box>
  );
}
