import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuEntry } from '../api';
import { AppIcon } from '../icons';
import { isExternalLink, linkWithQuery } from '../menu';

/** The top-navigation layout's menu: top entries in a bar, each group a dropdown of its entries. */
export function TopMenu({ menu }: { menu: MenuEntry[] }) {
  return (
    <Box
      component="nav"
      sx={{ display: 'flex', gap: 0.5, px: 2, py: 0.5, overflowX: 'auto', borderTop: 1, borderColor: 'divider' }}
    >
      {menu
        .filter((entry) => !entry.title)
        .map((entry) =>
          entry.child ? <Group key={entry.key} entry={entry} /> : <TopLink key={entry.key} entry={entry} />,
        )}
    </Box>
  );
}

function EntryBadge({ entry }: { entry: MenuEntry }) {
  return entry.badge ? (
    <Chip label={entry.badge} size="small" color="secondary" sx={{ height: 18, fontSize: 10, ml: 1 }} />
  ) : null;
}

function entryLink(entry: MenuEntry, search: string) {
  return isExternalLink(entry.link)
    ? { component: 'a' as const, href: entry.link, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: linkWithQuery(entry.link, search) };
}

function TopLink({ entry }: { entry: MenuEntry }) {
  const { search } = useLocation();
  if (!entry.link) return null;
  return (
    <Button
      color="inherit"
      size="small"
      {...entryLink(entry, search)}
      startIcon={
        <AppIcon
          name={entry.icon}
          fontAwesome={entry.isFontAwesome}
          image={entry.imageContent}
          size={18}
          fallback="dot"
        />
      }
    >
      {entry.name}
      <EntryBadge entry={entry} />
    </Button>
  );
}

function Group({ entry }: { entry: MenuEntry }) {
  const { search } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = (entries: MenuEntry[], depth: number): React.ReactNode[] =>
    entries.flatMap((child) => {
      if (child.title || child.child) {
        return [
          <ListSubheader
            key={child.key}
            sx={{ lineHeight: '32px', pl: 2 + depth * 2, fontSize: 11, fontWeight: 700, textTransform: 'uppercase' }}
          >
            {child.name}
          </ListSubheader>,
          ...items(child.child ?? [], depth + 1),
        ];
      }
      if (!child.link) return [];
      return [
        <MenuItem
          key={child.key}
          {...entryLink(child, search)}
          onClick={() => setAnchor(null)}
          sx={{ pl: 2 + depth * 2 }}
        >
          {child.name}
          <EntryBadge entry={child} />
        </MenuItem>,
      ];
    });
  return (
    <>
      <Button
        color="inherit"
        size="small"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={
          <AppIcon
            name={entry.icon}
            fontAwesome={entry.isFontAwesome}
            image={entry.imageContent}
            size={18}
            fallback="dot"
          />
        }
        endIcon={<ExpandMore />}
      >
        {entry.name}
        <EntryBadge entry={entry} />
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {items(entry.child ?? [], 0)}
      </Menu>
    </>
  );
}
