import { useEffect, useId, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { KanbanCard, KanbanColumn } from './api';
import { initials, laneChoices, NO_VALUE, type CardLanes } from './board';
import './i18n';

export interface CardMenuProps {
  card: KanbanCard;
  columns: KanbanColumn[];
  /** The board's swimlanes; undefined on a board without them. */
  lanes: CardLanes | undefined;
  /** The card's move is running: no other move starts. */
  moving: boolean;
  /** The button is in the Tab order with its card (the cell's one stop). */
  tabbable: boolean;
  onOpen: (card: KanbanCard) => void;
  onMove: (card: KanbanCard, toStatusId: number) => void;
  /** Moves the card into another lane of its column (what a drop there does). */
  onMoveToLane: (card: KanbanCard, laneKey: string) => void;
}

/**
 * A card's ⋮ menu: open the item, move it to another column, and on a board with swimlanes move it
 * to another lane — everything a drag does, from the keyboard. The lanes replace the actions in the
 * same menu: a second menu opening while the first closes would fight it over the focus (the first
 * gives it back to its button as the second takes it).
 */
export function CardMenu({ card, columns, lanes, moving, tabbable, onOpen, onMove, onMoveToLane }: CardMenuProps) {
  const { t } = useTranslation('kanban');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [page, setPage] = useState<'actions' | 'lanes'>('actions');
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  // The lane list took the place of the entry that had the focus: the first lane one may choose takes it.
  useEffect(() => {
    if (open && page === 'lanes')
      list.current?.querySelector<HTMLElement>('[role="menuitemradio"]:not([aria-disabled="true"])')?.focus();
  }, [open, page]);

  const actionItems = () => [
    <MenuItem key="open" onClick={() => (close(), onOpen(card))}>
      {t('open')}
    </MenuItem>,
    ...columns
      .filter((c) => c.id !== card.statusId)
      .map((c) => (
        <MenuItem key={c.id} disabled={moving} onClick={() => (close(), onMove(card, c.id))}>
          {t('moveTo', { status: c.name })}
        </MenuItem>
      )),
    ...(lanes && lanes.entries.length > 1
      ? [
          <Divider key="divider" />,
          <MenuItem key="lanes" disabled={moving} onClick={() => setPage('lanes')}>
            {t('moveToLane')}
          </MenuItem>,
        ]
      : []),
  ];

  const laneItems = (l: CardLanes) => [
    <ListSubheader key="title" sx={{ lineHeight: '32px' }}>
      {t('laneMenuTitle')}
    </ListSubheader>,
    ...laneChoices(card, l).map((lane, i) => {
      const note = lane.current ? t('laneCurrent') : lane.fits ? '' : t('laneOtherParent', { field: l.parentName });
      const title = lane.title || (l.field === 'ResponsibleName' ? t('noResponsible') : t('noValue'));
      return (
        <MenuItem
          key={lane.key}
          role="menuitemradio"
          aria-checked={lane.current}
          aria-label={title}
          aria-describedby={note ? `${id}-${i}` : undefined}
          disabled={lane.current || !lane.fits}
          onClick={() => (close(), onMoveToLane(card, lane.key))}
          // The card's own lane is marked, not faded like a lane it cannot go to.
          sx={{ minWidth: 240, '&.Mui-disabled': { opacity: lane.current ? 0.9 : undefined } }}
        >
          <ListItemIcon aria-hidden>
            {l.field === 'ResponsibleName' && lane.key !== NO_VALUE ? (
              <Avatar src={lane.avatar || undefined} sx={{ width: 24, height: 24, fontSize: 12 }}>
                {initials(title)}
              </Avatar>
            ) : (
              <Box sx={{ width: 12, height: 12, ml: 0.75, borderRadius: '50%', bgcolor: lane.color || 'divider' }} />
            )}
          </ListItemIcon>
          <ListItemText
            primary={title}
            secondary={note || undefined}
            slotProps={{ secondary: { id: `${id}-${i}`, sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
          />
          {lane.current && <CheckIcon fontSize="small" color="primary" aria-hidden sx={{ ml: 1 }} />}
        </MenuItem>
      );
    }),
  ];

  return (
    <>
      <IconButton
        className="card-menu"
        size="small"
        aria-label={t('cardMenu', { id: card.FormattedID })}
        aria-haspopup="menu"
        aria-expanded={open || undefined}
        tabIndex={tabbable ? 0 : -1}
        onClick={(e) => {
          setPage('actions');
          setAnchor(e.currentTarget);
        }}
        sx={{ alignSelf: 'flex-start', opacity: open ? 1 : { xs: 1, md: 0 }, '&:focus-visible': { opacity: 1 } }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={close}
        slotProps={{
          list: {
            ref: list,
            'aria-label':
              page === 'lanes' ? t('laneMenu', { id: card.FormattedID }) : t('cardMenu', { id: card.FormattedID }),
            // A lane one cannot choose is still reached by the arrows, so its reason is heard.
            disabledItemsFocusable: page === 'lanes',
          },
        }}
      >
        {page === 'lanes' && lanes ? laneItems(lanes) : actionItems()}
      </Menu>
    </>
  );
}
