import { Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keyframes, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useSettings } from '../../../app/settings';
import { useThemeMode } from '../../../app/themeMode';
import { DialogsProvider } from '../../../components/dialogs/DialogsProvider';
import { InsideMain } from '../../../components/insideMain';
import { normalizeLayout, useAppearance } from '../../../theme/appearance';
import type { Application } from '../api';
import { applicationTarget } from '../desktopRules';
import { PortalTheme } from './PortalTheme';
import { ShellFooter } from './ShellFooter';
import { ShellHeader } from './ShellHeader';
import { ShellSidebar } from './ShellSidebar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { useShell } from './useShell';

/**
 * Spec section 2: a page fades in over 700 ms. A CSS animation rather than MUI's Fade, whose enter
 * forces a layout of the whole page in the middle of the first render; none with reduced motion.
 */
const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;
const pageFade = {
  animation: `${fadeIn} 700ms ease-in-out`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
};

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

function Shell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const settings = useSettings();
  const navigate = useNavigate();
  const { mode, setMode } = useThemeMode();
  const appearance = useAppearance();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const shell = useShell();
  const { session, appID, pathname, application, menu, desktopOpen } = shell;

  if (!session) return null;
  const layout = appearance.layout ?? normalizeLayout(settings.layout);
  const barMenu = (layout === 'top-navigation' || layout === 'mega-menu') && wide && appID !== undefined;
  const hasSidebar = appID !== undefined && !barMenu;
  const right = layout === 'right-sidebar';
  const flex = layout === 'flex';
  const inAdministration = pathname === '/administration' || pathname.startsWith('/administration/');
  const title = application?.name ?? (inAdministration ? t('shell.administration') : t('desktop.title'));
  // The administration keeps its own side menu inside the page: fading it on every section change
  // would make the menu blink, so the fade follows the administration as a whole.
  const fadeKey = inAdministration ? '/administration' : pathname;
  const logo = mode === 'dark' ? settings.logoWhite : settings.logo;

  const openApp = (app: Application) => {
    const target = applicationTarget(app);
    if (target.external) window.open(target.href, '_blank', 'noopener');
    else void navigate(target.href);
  };

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
      <SkipLink />
      {hasSidebar && (
        <ShellSidebar
          appID={appID}
          application={application}
          menu={menu}
          menuLoading={shell.menuLoading}
          logo={logo}
          brand={settings.brand}
          wide={wide}
          right={right}
          compact={layout === 'big-sidebar' && wide}
          flex={flex}
          desktopOpen={desktopOpen}
          mobileOpen={shell.mobileOpen}
          onMobileOpen={shell.setMobileOpen}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ShellHeader
          title={title}
          logo={logo}
          brand={settings.brand}
          menu={appID !== undefined ? menu : undefined}
          wide={wide}
          hasSidebar={hasSidebar}
          sidebarShown={hasSidebar && wide && desktopOpen}
          onToggleMenu={() => (wide ? shell.setSidebarOpen(!desktopOpen) : shell.setMobileOpen(true))}
          barMenu={barMenu ? layout : null}
          loading={shell.loading}
          session={session}
          apps={shell.apps}
          onOpenApp={openApp}
          fullScreen={shell.fullScreen}
          mode={mode}
          onMode={setMode}
        />
        <Box component="main" id={MAIN_CONTENT_ID} sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Box key={fadeKey} sx={pageFade}>
            <Suspense fallback={<LinearProgress />}>
              <InsideMain value>
                <Outlet />
              </InsideMain>
            </Suspense>
          </Box>
        </Box>
        {flex && settings.showFooter && <ShellFooter settings={settings} version={application?.appVersion} />}
      </Box>
    </Box>
  );
}
