import { memo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { KanbanCard, KanbanColumn, KanbanUser } from './api';
import { initials } from './board';
import './i18n';

/** Height of a card's row in a column (the card and the gap below it). */
export const CARD_ROW = 84;

export interface KanbanCardViewProps {
  card: KanbanCard;
  componentName: string;
  user: KanbanUser | undefined;
  columns: KanbanColumn[];
  moving: boolean;
  onDragStart: (card: KanbanCard) => void;
  onDragEnd: () => void;
  onOpen: (card: KanbanCard) => void;
  onMove: (card: KanbanCard, toStatusId: number) => void;
}

/**
 * A card: formatted id, title, the responsible's avatar and the card's colour as its left edge.
 * It is dragged with the HTML5 drag and drop API; its menu offers the same moves from the
 * keyboard, and opening the item.
 */
export const KanbanCardView = memo(function KanbanCardView({
  card,
  componentName,
  user,
  columns,
  moving,
  onDragStart,
  onDragEnd,
  onOpen,
  onMove,
}: KanbanCardViewProps) {
  const { t } = useTranslation('kanban');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Paper
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
        '&:hover .card-menu': { visibility: 'visible' },
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
          sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', lineHeight: 1.3 }}
        >
          {card.title}
        </Typography>
      </Box>
      <IconButton
        className="card-menu"
        size="small"
        aria-label={t('cardMenu', { id: card.FormattedID })}
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ alignSelf: 'flex-start', visibility: menu ? 'visible' : { xs: 'visible', md: 'hidden' } }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => (setMenu(null), onOpen(card))}>{t('open')}</MenuItem>
        {columns
          .filter((c) => c.id !== card.statusId)
          .map((c) => (
            <MenuItem key={c.id} onClick={() => (setMenu(null), onMove(card, c.id))}>
              {t('moveTo', { status: c.name })}
            </MenuItem>
          ))}
      </Menu>
    </Paper>
  );
});
