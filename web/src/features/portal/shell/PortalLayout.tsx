import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Fade from '@mui/material/Fade';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { alpha, ThemeProvider, useTheme } from '@mui/material/styles';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppsIcon from '@mui/icons-material/Apps';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { clearSession } from '../../../app/session';
import { useSettings } from '../../../app/settings';
import { useThemeMode } from '../../../app/themeMode';
import { useSession } from '../../../app/useSession';
import { DialogsProvider } from '../../../components/dialogs/DialogsProvider';
import { changeLanguage, currentLanguage } from '../../../i18n';
import { normalizeLayout, useAppearance } from '../../../theme/appearance';
import { createAppTheme } from '../../../theme/createAppTheme';
import { findPalette, paletteColors, paletteFromSetting } from '../../../theme/palettes';
import { applicationMenuQuery, applicationsQuery, type Application } from '../api';
import { applicationTarget, showAppsButton } from '../desktopRules';
import { AppIcon } from '../icons';
import { MessageMenu } from '../messages/MessageMenu';
import { useMessageEvents } from '../messages/useMessageEvents';
import { usePush } from '../push';
import { CompactSideMenu, RAIL_WIDTH } from './CompactSideMenu';
import { MegaMenu } from './MegaMenu';
import { MenuSearch } from './MenuSearch';
import { SideMenu } from './SideMenu';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';
import { useConnectivityToasts } from './useConnectivityToasts';

export const SIDEBAR_WIDTH = 240;
export const MOBILE_DRAWER_WIDTH = 280;

/**
 * The shell of /app and /runtime/{appID} (spec section 2, 'Shell and header
 * bar'). On /runtime/{appID} it loads the application's menu and script and
 * draws the sidebar; on /app it is the header bar over the desktop.
 * Layouts (the user's choice, else the platform's): left-sidebar (default),
 * right-sidebar, big-sidebar (icon rail and second-level list), flex (an inset
 * sidebar and a footer with the footer logos), and top-navigation and mega-menu
 * (the menu in a bar under the header on wide screens; small screens use the
 * drawer in every layout).
 */
export default function PortalLayout() {
  return (
    <PortalTheme>
      <DialogsProvider>
        <Shell />
      </DialogsProvider>
    </PortalTheme>
  );
}

/** The signed-in pages use the palette the user chose (or the one the platform's theme setting names). */
function PortalTheme({ children }: { children: ReactNode }) {
  const platformTheme = useTheme();
  const settings = useSettings();
  const { mode } = useThemeMode();
  const { palette } = useAppearance();
  const named = palette === null ? paletteFromSetting(settings.theme) : findPalette(palette);
  const theme = useMemo(
    () => (named ? createAppTheme({ mode, ...paletteColors(named), font: settings.font }) : platformTheme),
    [named, mode, settings.font, platformTheme],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

function Shell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const settings = useSettings();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { appID } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const { mode, setMode } = useThemeMode();
  const appearance = useAppearance();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const pinned = useScrollTrigger({ disableHysteresis: true, threshold: 64 });
  const darker = useScrollTrigger({ disableHysteresis: true, threshold: 30 });
  const [fullScreen, setFullScreen] = useState(false);

  const applications = useQuery(applicationsQuery());
  const runtime = useQuery({ ...applicationMenuQuery(appID ?? ''), enabled: appID !== undefined });
  const application = runtime.data?.application;
  const menu = runtime.data?.menu ?? [];

  const [sidebarOpen, setSidebarOpen] = useState<boolean | undefined>(undefined);
  const desktopOpen = sidebarOpen ?? !application?.collapsedMenu;
  const [mobileOpen, setMobileOpen] = useState(false);

  useMessageEvents(session?.token ?? null);
  useConnectivityToasts();
  usePush();

  // Spec section 8: the applications list failing clears the session and goes to the login page.
  useEffect(() => {
    if (!applications.error) return;
    if (isApiError(applications.error) && applications.error.status !== 401)
      enqueueSnackbar(applications.error.message, { variant: 'error' });
    clearSession();
    void navigate('/', { replace: true });
  }, [applications.error, enqueueSnackbar, navigate]);

  // A block body: Chromium's scrollTo now returns a promise, and React would call an effect's
  // non-function result as its cleanup (and fail) when the shell unmounts.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // The page-loaded flag (spec section 2): a 500 ms progress bar and a 700 ms fade on every page.
  const [loadingPath, setLoadingPath] = useState<string | null>(pathname);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoadingPath(null), 500);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setLoadingPath(pathname);
  }

  useEffect(() => {
    const sync = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  // The application's script (htmlScripts) runs from its signed address: the CSP forbids inline scripts.
  const scriptUrl = application?.htmlScriptsUrl;
  useEffect(() => {
    if (!scriptUrl) return undefined;
    const container = document.createElement('div');
    container.hidden = true;
    container.dataset.htmlScripts = String(application?.id);
    const script = document.createElement('script');
    script.src = scriptUrl;
    container.appendChild(script);
    document.body.appendChild(container);
    return () => container.remove();
  }, [scriptUrl, application?.id]);

  if (!session) return null;
  const apps = applications.data ?? [];
  const toolbarApps = apps.filter((app) => app.displayOnToolbar);
  const layout = appearance.layout ?? normalizeLayout(settings.layout);
  const barMenu = (layout === 'top-navigation' || layout === 'mega-menu') && wide && appID !== undefined;
  const hasSidebar = appID !== undefined && !barMenu;
  const right = layout === 'right-sidebar';
  const compact = layout === 'big-sidebar' && wide;
  const flex = layout === 'flex';
  const sidebarShown = hasSidebar && wide && desktopOpen;
  const administrator = session.hasPanelAdminPermission || session.isAdministratorLogged;
  const inAdministration = pathname === '/administration' || pathname.startsWith('/administration/');
  const title = application?.name ?? (inAdministration ? t('shell.administration') : t('desktop.title'));
  // The administration keeps its own side menu inside the page: fading it on every section change
  // would make the menu blink, so the fade follows the administration as a whole.
  const fadeKey = inAdministration ? '/administration' : pathname;
  const language = currentLanguage();

  const openApp = (app: Application) => {
    const target = applicationTarget(app);
    if (target.external) window.open(target.href, '_blank', 'noopener');
    else void navigate(target.href);
  };

  const sidebarLogo = (
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
      <Box
        component="img"
        src={mode === 'dark' ? settings.logoWhite : settings.logo}
        alt={settings.brand}
        sx={{ height: 28, maxWidth: 150, objectFit: 'contain' }}
      />
    </Box>
  );
  // Without an application (its menu failed to load) there is no version to show.
  const versionFooter = application ? (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      {t('shell.version')} {application.appVersion}
    </Typography>
  ) : null;
  const sidebar = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {sidebarLogo}
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
        {runtime.isLoading ? (
          <LinearProgress sx={{ mx: 2 }} />
        ) : (
          <SideMenu key={appID} menu={menu} onNavigate={wide ? undefined : () => setMobileOpen(false)} />
        )}
      </Box>
      {versionFooter}
    </Box>
  );
  const drawerWidth = compact ? RAIL_WIDTH + (desktopOpen ? SIDEBAR_WIDTH : 0) : desktopOpen ? SIDEBAR_WIDTH : 0;
  const inset = flex ? 12 : 0;

  const iconButton = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  const barColor = darker ? alpha(theme.palette.background.paper, 1) : alpha(theme.palette.background.default, 0.85);

  return (
    <Box
      data-layout={layout}
      sx={{
        minHeight: '100dvh',
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: right ? 'row-reverse' : 'row',
      }}
    >
      {hasSidebar && wide && (
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
            <CompactSideMenu
              key={appID}
              menu={menu}
              showList={desktopOpen}
              header={sidebarLogo}
              footer={versionFooter}
            />
          ) : (
            sidebar
          )}
        </Drawer>
      )}
      {hasSidebar && !wide && (
        <SwipeableDrawer
          anchor={right ? 'right' : 'left'}
          open={mobileOpen}
          onOpen={() => setMobileOpen(true)}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: MOBILE_DRAWER_WIDTH } } }}
        >
          {sidebar}
        </SwipeableDrawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
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
            {hasSidebar &&
              iconButton(t('shell.toggleMenu'), <MenuIcon />, () =>
                wide ? setSidebarOpen(!desktopOpen) : setMobileOpen(true),
              )}
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
                  src={mode === 'dark' ? settings.logoWhite : settings.logo}
                  alt={settings.brand}
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
              component="h1"
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
            {appID !== undefined && wide && (
              <Box sx={{ flex: 1, minWidth: 120, display: 'flex', justifyContent: 'center' }}>
                <MenuSearch menu={menu} />
              </Box>
            )}
            <Box sx={{ flex: appID !== undefined && wide ? 0 : 1 }} />
            {administrator && (
              <Tooltip title={t('shell.administration')}>
                <IconButton
                  color="inherit"
                  component={RouterLink}
                  to="/administration/Plano Contratado"
                  aria-label={t('shell.administration')}
                >
                  <AdminIcon />
                </IconButton>
              </Tooltip>
            )}
            {showAppsButton(apps) && (
              <Tooltip title={t('shell.apps')}>
                <Button
                  component={RouterLink}
                  to="/app"
                  color="inherit"
                  aria-label={t('shell.apps')}
                  sx={{
                    display: { xs: 'none', sm: 'inline-flex' },
                    minWidth: 40,
                    '& .MuiButton-startIcon': { mr: { sm: 0, lg: 1 } },
                  }}
                  startIcon={<AppsIcon />}
                >
                  <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
                    {t('shell.apps')}
                  </Box>
                </Button>
              </Tooltip>
            )}
            {toolbarApps.map((app) => (
              <Tooltip key={app.id} title={app.name}>
                <IconButton color="inherit" aria-label={app.name} onClick={() => openApp(app)}>
                  <AppIcon name={app.iconName} fontAwesome={app.isFontAwesomeIcon} image={app.imageContent} size={22} />
                </IconButton>
              </Tooltip>
            ))}
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              {document.fullscreenEnabled &&
                iconButton(
                  fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen'),
                  fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />,
                  () => void (fullScreen ? document.exitFullscreen() : document.documentElement.requestFullscreen()),
                )}
            </Box>
            {iconButton(
              mode === 'dark' ? t('shell.lightMode') : t('shell.darkMode'),
              mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />,
              () => setMode(mode === 'dark' ? 'light' : 'dark'),
            )}
            <Tooltip title={t('language.choose')}>
              <Button
                color="inherit"
                onClick={() => void changeLanguage(language === 'en' ? 'pt-BR' : 'en')}
                sx={{ minWidth: 44, fontWeight: 700 }}
                aria-label={t('shell.switchLanguage')}
              >
                {language === 'en' ? t('language.pt') : t('language.en')}
              </Button>
            </Tooltip>
            <MessageMenu />
            <UserMenu session={session} />
          </Toolbar>
          {barMenu && (layout === 'mega-menu' ? <MegaMenu menu={menu} /> : <TopMenu menu={menu} />)}
          {loadingPath !== null && (
            <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }} aria-hidden />
          )}
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Fade in key={fadeKey} timeout={700}>
            <Box>
              <Suspense fallback={<LinearProgress />}>
                <Outlet />
              </Suspense>
            </Box>
          </Fade>
        </Box>
        {flex && settings.showFooter && (
          <Box
            component="footer"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 3,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              color: 'text.secondary',
            }}
          >
            {settings.footerLogoLeft && (
              <Box
                component="img"
                src={settings.footerLogoLeft}
                alt=""
                sx={{ height: 28, maxWidth: 160, objectFit: 'contain' }}
              />
            )}
            <Typography variant="caption" sx={{ flex: 1, textAlign: 'center' }}>
              {application
                ? t('shell.footer', { brand: settings.brand, version: application.appVersion })
                : settings.brand}
            </Typography>
            {settings.footerLogoRight && (
              <Box
                component="img"
                src={settings.footerLogoRight}
                alt=""
                sx={{ height: 28, maxWidth: 160, objectFit: 'contain' }}
              />
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
