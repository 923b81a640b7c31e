import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { isListLink, loadItemListPage, prefetchListLink } from '../../items';
import { isBoardLink, loadKanbanPage, prefetchBoardLink } from '../../kanban';
import { isScheduleLink, loadSchedulePage, prefetchScheduleLink } from '../../schedule';
import type { MenuEntry } from '../api';
import { AppIcon } from '../icons';
import { ancestorsOf, flattenMenu, isExternalLink, linkWithQuery } from '../menu';

/**
 * The side menu (spec section 2): nested groups, section titles, icons,
 * badges, links keeping the current query string, absolute links in a new
 * tab. One submenu open at a time per level.
 */
export function SideMenu({ menu, onNavigate }: { menu: MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string[]>(() => ancestorsOf(menu, pathname));
  // Arriving at an entry by another way (search, the first-link redirect) opens the groups above it.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const trail = ancestorsOf(menu, pathname);
    if (trail.length > 0) setOpen(trail);
  }
  // A menu with lists, boards or schedules: their chunks (the data grid, the board, the Gantt) are
  // loaded while the browser is idle, so a click on one waits only for its data.
  const links = flattenMenu(menu).flatMap((entry) => (entry.link ? [entry.link] : []));
  const hasLists = links.some(isListLink);
  const hasBoards = links.some(isBoardLink);
  const hasSchedules = links.some(isScheduleLink);
  useEffect(() => {
    if (!hasLists && !hasBoards && !hasSchedules) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => {
      if (hasLists) void loadItemListPage();
      if (hasBoards) void loadKanbanPage();
      if (hasSchedules) void loadSchedulePage();
    });
    return () => cancel(id);
  }, [hasLists, hasBoards, hasSchedules]);
  const toggle = (level: number, key: string) =>
    setOpen((keys) => (keys[level] === key ? keys.slice(0, level) : [...keys.slice(0, level), key]));
  // A list in the landmark, each entry its own item: a screen reader hears "list, N items" and the nesting.
  return (
    <Box component="nav" aria-label={t('shell.pages')}>
      <List dense sx={{ px: 1 }}>
        <Entries entries={menu} level={0} open={open} toggle={toggle} onNavigate={onNavigate} />
      </List>
    </Box>
  );
}

interface EntriesProps {
  entries: MenuEntry[];
  level: number;
  open: string[];
  toggle: (level: number, key: string) => void;
  onNavigate?: () => void;
}

function Entries({ entries, level, open, toggle, onNavigate }: EntriesProps) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // A list, board or schedule entry about to be chosen: its first data is asked before the click.
  const prefetch = (link: string) =>
    prefetchListLink(queryClient, link, i18n.resolvedLanguage ?? i18n.language) ||
    prefetchBoardLink(queryClient, link) ||
    prefetchScheduleLink(queryClient, link);
  return entries.map((entry) => {
    if (entry.title) {
      return (
        <ListSubheader
          key={entry.key}
          disableSticky
          sx={{
            bgcolor: 'transparent',
            lineHeight: '32px',
            mt: 1,
            pl: 2 + level * 2,
            fontSize: 11,
            fontWeight: 700,
            letterSpacing: 0.8,
            textTransform: 'uppercase',
          }}
        >
          {entry.name}
        </ListSubheader>
      );
    }
    const icon = (
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
        <AppIcon
          name={entry.icon}
          fontAwesome={entry.isFontAwesome}
          image={entry.imageContent}
          size={20}
          fallback="dot"
        />
      </ListItemIcon>
    );
    const badge = entry.badge && (
      <Chip label={entry.badge} size="small" color="secondary" sx={{ height: 20, fontSize: 11, ml: 1 }} />
    );
    const padding = { pl: 2 + level * 2, borderRadius: 2, mb: 0.25 };
    if (entry.child) {
      const isOpen = open[level] === entry.key;
      return (
        <li key={entry.key} style={{ listStyle: 'none' }}>
          <ListItemButton onClick={() => toggle(level, entry.key)} aria-expanded={isOpen} sx={padding}>
            {icon}
            <ListItemText
              primary={entry.name}
              slotProps={{ primary: { sx: { fontWeight: level === 0 ? 600 : 500 } } }}
            />
            {badge}
            {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={isOpen} timeout="auto" unmountOnExit>
            <List disablePadding dense>
              <Entries entries={entry.child} level={level + 1} open={open} toggle={toggle} onNavigate={onNavigate} />
            </List>
          </Collapse>
        </li>
      );
    }
    if (!entry.link) return null;
    const external = isExternalLink(entry.link);
    const selected = !external && entry.link.split('?')[0] === pathname;
    const linkProps = external
      ? { component: 'a' as const, href: entry.link, target: '_blank', rel: 'noopener noreferrer' }
      : {
          component: RouterLink,
          to: linkWithQuery(entry.link, search),
          onMouseEnter: () => prefetch(entry.link),
          onFocus: () => prefetch(entry.link),
        };
    return (
      <li key={entry.key} style={{ listStyle: 'none' }}>
        <ListItemButton
          {...linkProps}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={padding}
        >
          {icon}
          <ListItemText primary={entry.name} />
          {badge}
        </ListItemButton>
      </li>
    );
  });
}
