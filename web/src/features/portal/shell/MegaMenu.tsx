import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuEntry } from '../api';
import { AppIcon } from '../icons';
import { isExternalLink, linkWithQuery, megaColumns } from '../menu';

/** The mega-menu layout's bar (spec section 2, menu variants): each group opens a wide panel of columns. */
export function MegaMenu({ menu }: { menu: MenuEntry[] }) {
  const { search } = useLocation();
  // The panel hangs from the whole bar, so it is as wide as the page allows.
  const [opened, setOpened] = useState<{ key: string; bar: HTMLElement } | null>(null);
  const open = opened?.key ?? null;
  const close = () => setOpened(null);
  const group = menu.find((entry) => entry.key === open);
  const linkProps = (entry: MenuEntry) =>
    isExternalLink(entry.link)
      ? { component: 'a' as const, href: entry.link, target: '_blank', rel: 'noopener noreferrer' }
      : { component: RouterLink, to: linkWithQuery(entry.link, search) };
  const badge = (entry: MenuEntry) =>
    entry.badge && <Chip label={entry.badge} size="small" color="secondary" sx={{ height: 18, fontSize: 10, ml: 1 }} />;

  return (
    <Box
      component="nav"
      sx={{ display: 'flex', gap: 0.5, px: 2, py: 0.5, overflowX: 'auto', borderTop: 1, borderColor: 'divider' }}
    >
      {menu
        .filter((entry) => !entry.title)
        .map((entry) => {
          const icon = (
            <AppIcon
              name={entry.icon}
              fontAwesome={entry.isFontAwesome}
              image={entry.imageContent}
              size={18}
              fallback="dot"
            />
          );
          if (!entry.child) {
            return entry.link ? (
              <Button key={entry.key} color="inherit" size="small" startIcon={icon} {...linkProps(entry)}>
                {entry.name}
                {badge(entry)}
              </Button>
            ) : null;
          }
          return (
            <Button
              key={entry.key}
              color="inherit"
              size="small"
              startIcon={icon}
              endIcon={<ExpandMore />}
              aria-haspopup="true"
              aria-expanded={open === entry.key}
              onClick={(event) =>
                setOpened(
                  open === entry.key
                    ? null
                    : { key: entry.key, bar: event.currentTarget.parentElement ?? event.currentTarget },
                )
              }
              sx={open === entry.key ? { bgcolor: 'action.selected' } : undefined}
            >
              {entry.name}
              {badge(entry)}
            </Button>
          );
        })}
      <Popover
        open={group !== undefined}
        anchorEl={opened?.bar}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{
          paper: {
            'aria-label': group?.name,
            sx: { width: 'min(960px, calc(100vw - 32px))', p: 3, borderRadius: 2, mt: 0.5 },
          } as object,
        }}
      >
        {group && (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 3 }}>
            {megaColumns(group.child ?? []).map((column) => (
              <Box key={column.key}>
                <Typography
                  variant="overline"
                  component="h3"
                  color="primary"
                  sx={{
                    fontWeight: 700,
                    display: 'block',
                    minHeight: 24,
                    lineHeight: 2,
                    borderBottom: 1,
                    borderColor: 'divider',
                    mb: 1,
                  }}
                >
                  {column.title ?? group.name}
                </Typography>
                {column.links.map((entry) => (
                  <Link
                    key={entry.key}
                    {...linkProps(entry)}
                    onClick={close}
                    underline="none"
                    color="text.primary"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      py: 0.75,
                      px: 1,
                      mx: -1,
                      borderRadius: 1,
                      '&:hover': { bgcolor: 'action.hover', color: 'primary.main' },
                    }}
                  >
                    <AppIcon
                      name={entry.icon}
                      fontAwesome={entry.isFontAwesome}
                      image={entry.imageContent}
                      size={18}
                      fallback="dot"
                    />
                    {entry.name}
                    {badge(entry)}
                  </Link>
                ))}
              </Box>
            ))}
          </Box>
        )}
      </Popover>
    </Box>
  );
}
