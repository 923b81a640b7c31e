import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { clearSession } from '../../../app/session';
import { useSession } from '../../../app/useSession';
import { applicationMenuQuery, applicationsQuery, type RuntimeApplication } from '../api';
import { useMessageEvents } from '../messages/useMessageEvents';
import { usePush } from '../push';
import { useConnectivityToasts } from './useConnectivityToasts';

/**
 * What the shell loads and keeps: the session, the applications (the toolbar's), the application
 * of /runtime/{appID} with its menu and script, whether its sidebar is open, the page-loaded flag
 * and full screen. It also listens to the messages' events, the connection and push.
 */
export function useShell() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { appID } = useParams();
  const { enqueueSnackbar } = useSnackbar();

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

  const loading = usePageLoading(pathname);
  const fullScreen = useFullScreen();
  useApplicationScript(application);

  return {
    session,
    appID,
    pathname,
    apps: applications.data ?? [],
    application,
    menu,
    menuLoading: runtime.isLoading,
    desktopOpen,
    setSidebarOpen,
    mobileOpen,
    setMobileOpen,
    loading,
    fullScreen,
  };
}

/** The page-loaded flag (spec section 2): true for 500 ms on every page, while a progress bar shows. */
function usePageLoading(pathname: string): boolean {
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
  return loadingPath !== null;
}

/** Whether the page is in full screen, however it got there (the button, F11, Escape). */
function useFullScreen(): boolean {
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const sync = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  return fullScreen;
}

/** The application's script (htmlScripts) runs from its signed address: the CSP forbids inline scripts. */
function useApplicationScript(application: RuntimeApplication | undefined) {
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
}
