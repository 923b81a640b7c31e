import { memo, useEffect, useId, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { KanbanCard, KanbanColumn, KanbanUser } from './api';
import { initials, isCardKey, type CardKey, type CardLanes } from './board';
import { CardMenu } from './CardMenu';
import './i18n';

/** Height of a card's row in a column (the card and the gap below it). */
export const CARD_ROW = 84;

/** Where a card is, as a screen reader announces it: "card 3 of 37 in column Doing". */
export interface CardPlace {
  position: number;
  count: number;
  column: string;
  /** The lane's title on a board with swimlanes. */
  lane?: string;
  /** The cell's one stop of the Tab key (with its menu button); the other cards are reached by the arrows. */
  tabbable: boolean;
}

/** What the card's colour means: the colour field's name and the card's option ("Priority: High"). */
export interface CardColorMeaning {
  colorField: string;
  colorValue: string;
}

// Places and meanings come as plain props: the memoised card renders again only when they change.
export interface KanbanCardViewProps extends CardPlace, Partial<CardColorMeaning> {
  card: KanbanCard;
  componentName: string;
  /** The item's form: the card is a link to it. */
  link: string;
  user: KanbanUser | undefined;
  columns: KanbanColumn[];
  /** The board's swimlanes, for the menu's "Move to lane…"; undefined without them. */
  lanes: CardLanes | undefined;
  moving: boolean;
  /**
   * The card was just moved from its menu: drawn anew (in its new column or lane, or back in its
   * old one) while the focus is nowhere, it takes the focus, so a keyboard user keeps their place.
   */
  takesFocus: boolean;
  onDragStart: (card: KanbanCard) => void;
  onDragEnd: () => void;
  onOpen: (card: KanbanCard) => void;
  onMove: (card: KanbanCard, toStatusId: number) => void;
  onMoveToLane: (card: KanbanCard, laneKey: string) => void;
  /** An arrow, Home or End on the card: answers whether the focus moves to another card. */
  onKey: (card: KanbanCard, key: CardKey) => boolean;
}

/**
 * A card: a link to the item (formatted id, title, the colour's meaning, the responsible's avatar,
 * the card's colour as its left edge) and its ⋮ menu. It is dragged with the HTML5 drag and drop
 * API; the menu offers the same moves from the keyboard (to another column or lane). The link is
 * named by the card's id and title and described by its status, responsible and place. Tab stops
 * once per cell; the arrows, Home and End go from card to card.
 */
export const KanbanCardView = memo(function KanbanCardView({
  card,
  componentName,
  link,
  position,
  count,
  column,
  lane,
  tabbable,
  colorField,
  colorValue,
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
  onKey,
}: KanbanCardViewProps) {
  const { t } = useTranslation('kanban');
  const ref = useRef<HTMLAnchorElement>(null);
  const descriptionId = useId();
  useEffect(() => {
    // Unless the focus went elsewhere meanwhile: it is on nothing, or on the card it comes from.
    const active = document.activeElement;
    if (takesFocus && (!active || active === document.body || active.closest('[data-card-id]'))) ref.current?.focus();
  }, [takesFocus]);
  const status = columns.find((c) => c.id === card.statusId)?.name ?? column;
  const description = [
    t('cardStatus', { status }),
    colorField && colorValue && t('cardColor', { field: colorField, value: colorValue }),
    user && t('cardResponsible', { name: user.name }),
    t('cardPlace', { position, count, column }),
    lane && t('cardLane', { lane }),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper
      variant="outlined"
      draggable={!moving}
      data-card-id={card.id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(card.id));
        e.dataTransfer.effectAllowed = 'move';
        onDragStart(card);
      }}
      onDragEnd={onDragEnd}
      sx={{
        height: CARD_ROW - 8,
        display: 'flex',
        borderLeft: 4,
        borderLeftColor: card.color || 'divider',
        cursor: moving ? 'progress' : 'grab',
        opacity: moving ? 0.6 : 1,
        overflow: 'hidden',
        '&:has(:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        // The menu button shows under the pointer or the keyboard's focus (hidden but focusable).
        '&:hover .card-menu, &:focus-within .card-menu': { opacity: 1 },
      }}
    >
      <Link
        ref={ref}
        component={RouterLink}
        to={link}
        // The card is dragged, not the link's address.
        draggable={false}
        underline="none"
        color="inherit"
        aria-label={t('card', { component: componentName, id: card.FormattedID, title: card.title })}
        aria-describedby={descriptionId}
        aria-busy={moving || undefined}
        tabIndex={tabbable ? 0 : -1}
        onKeyDown={(e) => {
          if (isCardKey(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey && onKey(card, e.key)) e.preventDefault();
        }}
        sx={{
          flex: 1,
          minWidth: 0,
          px: 1,
          py: 0.75,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.25,
          cursor: 'inherit',
          '&:focus-visible': { outline: 'none' },
        }}
      >
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" component="span" color="text.secondary" sx={{ fontWeight: 600 }}>
            #{card.FormattedID}
          </Typography>
          {colorValue && (
            <Typography variant="caption" component="span" color="text.secondary" noWrap>
              {colorValue}
            </Typography>
          )}
          <Box component="span" sx={{ flex: 1 }} />
          {user && (
            <Tooltip title={user.name} describeChild>
              <Avatar src={user.avatar || undefined} alt="" aria-hidden sx={{ width: 22, height: 22, fontSize: 11 }}>
                {initials(user.name)}
              </Avatar>
            </Tooltip>
          )}
        </Box>
        <Typography
          variant="body2"
          component="span"
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
        <span id={descriptionId} hidden>
          {description}
        </span>
      </Link>
      <CardMenu
        card={card}
        columns={columns}
        lanes={lanes}
        moving={moving}
        tabbable={tabbable}
        onOpen={onOpen}
        onMove={onMove}
        onMoveToLane={onMoveToLane}
      />
    </Paper>
  );
});
