import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MenuEntry, RuntimeApplication } from '../api';
import { AppIcon } from '../icons';
import { CompactSideMenu, RAIL_WIDTH } from './CompactSideMenu';
import { SideMenu } from './SideMenu';

export const SIDEBAR_WIDTH = 240;
export const MOBILE_DRAWER_WIDTH = 280;

export interface ShellSidebarProps {
  appID: string | undefined;
  application: RuntimeApplication | undefined;
  menu: MenuEntry[];
  menuLoading: boolean;
  /** The platform's logo for the current mode, and its brand (the logo's text). */
  logo: string;
  brand: string;
  /** A wide screen: the sidebar is a persistent drawer; a small one opens it over the page. */
  wide: boolean;
  right: boolean;
  /** The big-sidebar layout: an icon rail and the second level beside it. */
  compact: boolean;
  /** The flex layout: the sidebar is inset, with rounded corners. */
  flex: boolean;
  desktopOpen: boolean;
  mobileOpen: boolean;
  onMobileOpen: (open: boolean) => void;
}

/** The application's side menu: a drawer beside the page on wide screens, over it on small ones. */
export function ShellSidebar(props: ShellSidebarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { appID, application, menu, logo, brand, wide, right, compact, flex, desktopOpen, mobileOpen, onMobileOpen } =
    props;
  const header = <SidebarLogo logo={logo} brand={brand} />;
  // Without an application (its menu failed to load) there is no version to show.
  const footer = application ? <VersionFooter version={application.appVersion} /> : null;
  const sidebar = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {header}
      {application && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, pb: 1.5, color: 'text.secondary' }}>
          <AppIcon
            name={application.iconName}
            fontAwesome={application.isFontAwesomeIcon}
            image={application.imageContent}
            size={18}
          />
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {application.name}
          </Typography>
        </Box>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {props.menuLoading ? (
          <LinearProgress sx={{ mx: 2 }} />
        ) : (
          <SideMenu key={appID} menu={menu} onNavigate={wide ? undefined : () => onMobileOpen(false)} />
        )}
      </Box>
      {footer}
    </Box>
  );

  if (!wide)
    return (
      <SwipeableDrawer
        anchor={right ? 'right' : 'left'}
        open={mobileOpen}
        onOpen={() => onMobileOpen(true)}
        onClose={() => onMobileOpen(false)}
        slotProps={{ paper: { sx: { width: MOBILE_DRAWER_WIDTH } } }}
      >
        {sidebar}
      </SwipeableDrawer>
    );

  const drawerWidth = compact ? RAIL_WIDTH + (desktopOpen ? SIDEBAR_WIDTH : 0) : desktopOpen ? SIDEBAR_WIDTH : 0;
  const inset = flex ? 12 : 0;
  return (
    <Drawer
      variant="persistent"
      anchor={right ? 'right' : 'left'}
      open={compact || desktopOpen}
      sx={{
        width: drawerWidth + (drawerWidth > 0 ? inset : 0),
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width: compact ? drawerWidth : SIDEBAR_WIDTH,
          borderColor: 'divider',
          transition: theme.transitions.create('width'),
          ...(flex && {
            top: inset,
            left: inset,
            height: `calc(100% - ${2 * inset}px)`,
            borderRadius: 3,
            borderStyle: 'solid',
            borderWidth: 1,
            boxShadow: 3,
          }),
        },
      }}
      slotProps={{ paper: { component: 'aside', 'aria-label': t('shell.sidebar') } as object }}
    >
      {compact ? (
        <CompactSideMenu key={appID} menu={menu} showList={desktopOpen} header={header} footer={footer} />
      ) : (
        sidebar
      )}
    </Drawer>
  );
}

/** The platform's logo at the sidebar's top: it leads to the desktop. */
function SidebarLogo({ logo, brand }: { logo: string; brand: string }) {
  return (
    <Box
      component={RouterLink}
      to="/app"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2.5,
        height: 64,
        textDecoration: 'none',
        color: 'inherit',
        flexShrink: 0,
      }}
    >
      <Box component="img" src={logo} alt={brand} sx={{ height: 28, maxWidth: 150, objectFit: 'contain' }} />
    </Box>
  );
}

function VersionFooter({ version }: { version: string }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      {t('shell.version')} {version}
    </Typography>
  );
}
