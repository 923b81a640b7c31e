import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { alpha, useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MenuEntry } from '../api';
import { HeaderActions, ShellIconButton, type HeaderActionsProps } from './HeaderActions';
import { MegaMenu } from './MegaMenu';
import { MenuSearch } from './MenuSearch';
import { TopMenu } from './TopMenu';

export interface ShellHeaderProps extends HeaderActionsProps {
  /** The application's name, the administration's, or the desktop's. */
  title: string;
  logo: string;
  brand: string;
  /** The application's menu, on /runtime/{appID}; undefined on the desktop and the administration. */
  menu: MenuEntry[] | undefined;
  wide: boolean;
  /** The page has a sidebar: the bar has the button that opens and closes it. */
  hasSidebar: boolean;
  /** The sidebar shows (with its own logo). */
  sidebarShown: boolean;
  onToggleMenu: () => void;
  /** The menu in a bar under the header (top-navigation or mega-menu layouts on a wide screen). */
  barMenu: 'top-navigation' | 'mega-menu' | null;
  /** The page-loaded flag: a thin progress bar under the header. */
  loading: boolean;
}

/** The header bar: the menu button, the logo, the title, the menu's search and the buttons; the bar menu under it. */
export function ShellHeader({
  title,
  logo,
  brand,
  menu,
  wide,
  hasSidebar,
  sidebarShown,
  onToggleMenu,
  barMenu,
  loading,
  ...actions
}: ShellHeaderProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const pinned = useScrollTrigger({ disableHysteresis: true, threshold: 64 });
  const darker = useScrollTrigger({ disableHysteresis: true, threshold: 30 });
  const barColor = darker ? alpha(theme.palette.background.paper, 1) : alpha(theme.palette.background.default, 0.85);
  const searchable = menu !== undefined && wide;
  return (
    <AppBar
      position={pinned ? 'sticky' : 'static'}
      color="inherit"
      elevation={darker ? 3 : 0}
      sx={{
        top: 0,
        bgcolor: barColor,
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
        transition: theme.transitions.create(['background-color', 'box-shadow']),
      }}
    >
      {/* On a phone the bar holds up to seven buttons and the logo: less padding, and a logo that
          shrinks, keep the user menu on the screen (390 px wide). */}
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        {hasSidebar && <ShellIconButton label={t('shell.toggleMenu')} icon={<MenuIcon />} onClick={onToggleMenu} />}
        {(!hasSidebar || !sidebarShown) && (
          <Box
            component={RouterLink}
            to="/app"
            aria-label={t('shell.home')}
            sx={{
              display: { xs: 'flex', md: hasSidebar ? 'none' : 'flex' },
              alignItems: 'center',
              mx: 1,
              minWidth: 0,
              flexShrink: 1,
            }}
          >
            <Box
              component="img"
              src={logo}
              alt={brand}
              sx={{
                height: 28,
                maxWidth: { xs: '100%', sm: 130 },
                minWidth: 28,
                objectFit: 'contain',
                objectPosition: 'left',
              }}
            />
          </Box>
        )}
        <Typography
          variant="h6"
          component="p"
          noWrap
          sx={{
            display: { xs: 'none', md: 'block' },
            flexShrink: 1,
            minWidth: 80,
            maxWidth: 320,
            fontWeight: 700,
            fontSize: 18,
            ml: 1,
            mr: 2,
          }}
        >
          {title}
        </Typography>
        {searchable && (
          <Box sx={{ flex: 1, minWidth: 120, display: 'flex', justifyContent: 'center' }}>
            <MenuSearch menu={menu} />
          </Box>
        )}
        <Box sx={{ flex: searchable ? 0 : 1 }} />
        <HeaderActions {...actions} />
      </Toolbar>
      {barMenu && menu && (barMenu === 'mega-menu' ? <MegaMenu menu={menu} /> : <TopMenu menu={menu} />)}
      {loading && <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} aria-hidden />}
    </AppBar>
  );
}
