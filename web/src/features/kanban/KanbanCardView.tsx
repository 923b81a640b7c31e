import { memo, useEffect, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { KanbanCard, KanbanColumn, KanbanUser } from './api';
import { initials, type CardLanes } from './board';
import { CardMenu } from './CardMenu';
import './i18n';

/** Height of a card's row in a column (the card and the gap below it). */
export const CARD_ROW = 84;

export interface KanbanCardViewProps {
  card: KanbanCard;
  componentName: string;
  user: KanbanUser | undefined;
  columns: KanbanColumn[];
  /** The board's swimlanes, for the menu's "Move to lane…"; undefined without them. */
  lanes: CardLanes | undefined;
  moving: boolean;
  /**
   * The card was just moved from its menu: drawn anew (in its new lane, or back in its old one)
   * while the focus is nowhere, it takes the focus, so a keyboard user keeps their place.
   */
  takesFocus: boolean;
  onDragStart: (card: KanbanCard) => void;
  onDragEnd: () => void;
  onOpen: (card: KanbanCard) => void;
  onMove: (card: KanbanCard, toStatusId: number) => void;
  onMoveToLane: (card: KanbanCard, laneKey: string) => void;
}

/**
 * A card: formatted id, title, the responsible's avatar and the card's colour as its left edge.
 * It is dragged with the HTML5 drag and drop API; its menu offers the same moves from the
 * keyboard (to another column or lane), and opening the item.
 */
export const KanbanCardView = memo(function KanbanCardView({
  card,
  componentName,
  user,
  columns,
  lanes,
  moving,
  takesFocus,
  onDragStart,
  onDragEnd,
  onOpen,
  onMove,
  onMoveToLane,
}: KanbanCardViewProps) {
  const { t } = useTranslation('kanban');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (takesFocus && (!active || active === document.body)) ref.current?.focus();
  }, [takesFocus]);
  return (
    <Paper
      ref={ref}
      variant="outlined"
      draggable={!moving}
      data-card-id={card.id}
      aria-label={t('card', { component: componentName, id: card.FormattedID, title: card.title })}
      aria-busy={moving || undefined}
      tabIndex={0}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(card.id));
        e.dataTransfer.effectAllowed = 'move';
        onDragStart(card);
      }}
      onDragEnd={onDragEnd}
      onDoubleClick={() => onOpen(card)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(card);
      }}
      sx={{
        height: CARD_ROW - 8,
        display: 'flex',
        borderLeft: 4,
        borderLeftColor: card.color || 'divider',
        cursor: moving ? 'progress' : 'grab',
        opacity: moving ? 0.6 : 1,
        overflow: 'hidden',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        // The menu button shows under the pointer or the keyboard's focus (hidden but focusable).
        '&:hover .card-menu, &:focus-within .card-menu': { opacity: 1 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, px: 1, py: 0.75, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            #{card.FormattedID}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {user && (
            <Tooltip title={user.name}>
              <Avatar src={user.avatar || undefined} alt={user.name} sx={{ width: 22, height: 22, fontSize: 11 }}>
                {initials(user.name)}
              </Avatar>
            </Tooltip>
          )}
        </Box>
        <Typography
          variant="body2"
          title={card.title}
          sx={{
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            lineHeight: 1.3,
          }}
        >
          {card.title}
        </Typography>
      </Box>
      <CardMenu
        card={card}
        columns={columns}
        lanes={lanes}
        moving={moving}
        onOpen={onOpen}
        onMove={onMove}
        onMoveToLane={onMoveToLane}
      />
    </Paper>
  );
});
