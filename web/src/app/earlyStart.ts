import type { QueryClient } from '@tanstack/react-query';
import { isListLink, loadItemListPage, prefetchListLink } from '../features/items';
import { isBoardLink, loadKanbanPage, prefetchBoardLink } from '../features/kanban';
import { isScheduleLink, loadSchedulePage, prefetchScheduleLink } from '../features/schedule';
import i18n from '../i18n';
import { getToken, loadSession } from './session';
import { platformSettingsQuery } from './settings';

/** The portal shell's chunk; routes.tsx makes it the lazy layout of every signed-in page. */
export const loadPortalLayout = () => import('../features/portal/shell/PortalLayout');

// The signed-in pages inside the portal shell (routes.tsx): the desktop, administration and the runtime.
const SHELL_PATH = /^\/(app|administration|runtime\/[^/]+)(\/|$)/;

/**
 * Starts at once what a full page load would otherwise ask for one after another as each layer
 * renders (issue 21): the platform settings; on a page in the portal shell, the shell's chunk; on a
 * list's, a board's or a schedule's address, its chunk, and its first data (a list's definitions and
 * first page, a board's first cards, a project's schedule) once the session and the settings (the
 * language) are read. React's lazy pages and queries then find them under way.
 */
export function startEarly(queryClient: QueryClient, pathname: string, search = ''): void {
  const settings = queryClient.prefetchQuery(platformSettingsQuery);
  if (!SHELL_PATH.test(pathname)) return;
  void loadPortalLayout();
  if (isListLink(pathname)) void loadItemListPage();
  if (isBoardLink(pathname)) void loadKanbanPage();
  if (isScheduleLink(pathname)) void loadSchedulePage();
  void Promise.all([loadSession(), settings]).then(() => {
    // Without a session the guard sends the user to sign in; nothing is asked for them.
    if (!getToken()) return;
    const lang = i18n.resolvedLanguage ?? i18n.language;
    if (!prefetchListLink(queryClient, pathname, lang) && !prefetchBoardLink(queryClient, pathname))
      prefetchScheduleLink(queryClient, pathname + search);
  });
}
