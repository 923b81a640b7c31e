import { useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuEntry } from '../api';
import { AppIcon } from '../icons';
import { ancestorsOf, isExternalLink, linkWithQuery } from '../menu';
import { SideMenu } from './SideMenu';

export const RAIL_WIDTH = 88;

/**
 * The compact icon sidebar with a second-level list (spec section 2, menu
 * variants; the big-sidebar layout): the top entries as a rail of icons with
 * their names, and the chosen group's entries in a list beside it. The list
 * hides when the menu is toggled closed; the rail stays.
 */
export function CompactSideMenu({
  menu,
  showList,
  header,
  footer,
  onNavigate,
}: {
  menu: MenuEntry[];
  showList: boolean;
  header: ReactNode;
  footer: ReactNode;
  onNavigate?: () => void;
}) {
  const { pathname, search } = useLocation();
  const top = menu.filter((entry) => !entry.title);
  const current = ancestorsOf(menu, pathname)[0];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // Arriving at a page (a link, the search) shows the group it belongs to.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (current) setChosen(undefined);
  }
  const groupKey = chosen ?? current ?? top.find((entry) => entry.child)?.key;
  const group = top.find((entry) => entry.key === groupKey && entry.child);

  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      <Box
        component="nav"
        sx={{
          width: RAIL_WIDTH,
          flexShrink: 0,
          py: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          alignItems: 'center',
          bgcolor: (theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.12 : 0.06),
          borderRight: 1,
          borderColor: 'divider',
          overflowY: 'auto',
        }}
      >
        {top.map((entry) => {
          const active = entry.key === groupKey || (!entry.child && entry.link.split('?')[0] === pathname);
          const content = (
            <>
              <Badge color="secondary" variant="dot" invisible={!entry.badge}>
                <AppIcon
                  name={entry.icon}
                  fontAwesome={entry.isFontAwesome}
                  image={entry.imageContent}
                  size={24}
                  fallback="dot"
                />
              </Badge>
              <Typography
                variant="caption"
                sx={{
                  mt: 0.5,
                  lineHeight: 1.2,
                  fontWeight: active ? 700 : 500,
                  textAlign: 'center',
                  wordBreak: 'break-word',
                }}
              >
                {entry.name}
              </Typography>
            </>
          );
          const sx = {
            width: RAIL_WIDTH - 12,
            py: 1.25,
            px: 0.5,
            borderRadius: 2,
            flexDirection: 'column',
            color: active ? 'primary.main' : 'text.secondary',
            bgcolor: active ? 'background.paper' : 'transparent',
            boxShadow: active ? 1 : 0,
            '&:hover': { bgcolor: 'action.hover' },
          } as const;
          if (entry.child) {
            return (
              <ButtonBase
                key={entry.key}
                aria-pressed={entry.key === groupKey}
                onClick={() => setChosen(entry.key)}
                sx={sx}
              >
                {content}
              </ButtonBase>
            );
          }
          if (!entry.link) return null;
          const linkProps = isExternalLink(entry.link)
            ? { component: 'a' as const, href: entry.link, target: '_blank', rel: 'noopener noreferrer' }
            : { component: RouterLink, to: linkWithQuery(entry.link, search) };
          return (
            <ButtonBase key={entry.key} {...linkProps} onClick={onNavigate} sx={sx}>
              {content}
            </ButtonBase>
          );
        })}
      </Box>
      {showList && (
        <Box sx={{ width: 240, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          {header}
          {group && (
            <Typography
              variant="overline"
              component="h2"
              color="text.secondary"
              sx={{ px: 2.5, fontWeight: 700, lineHeight: 2.5 }}
            >
              {group.name}
            </Typography>
          )}
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            {group?.child && <SideMenu key={group.key} menu={group.child} onNavigate={onNavigate} />}
          </Box>
          {footer}
        </Box>
      )}
    </Box>
  );
}
