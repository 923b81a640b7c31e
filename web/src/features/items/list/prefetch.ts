import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { itemPageQuery, listDefinitionQuery } from './api';
import { DEFAULT_PAGE_SIZE, readPrefs } from './prefs';
import { toExecuteFilterRequest } from './request';
import type { ExecuteFilterRequest } from './types';

/** The list's chunk (pages.tsx makes it the lazy page); the menu asks for it ahead of a click. */
export const loadItemListPage = () => import('./ItemListPage');

/** What a list's address says: the item type, the project, and the query and view when it names them (else 0). */
export interface ListAddress {
  componentID: number;
  projectId: number;
  queryId: number;
  viewId: number;
}

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The list route's parameters (list/... or listProject/...) as a list's address. */
export function listAddressOf(params: Record<string, string | undefined>): ListAddress {
  return {
    componentID: toId(params.componentID),
    projectId: toId(params.projectID),
    queryId: toId(params.query),
    viewId: toId(params.view),
  };
}

/**
 * The first page's executeFilter body, the same useListState sends before the user sorts, filters or
 * pages, when the address names the query and the view. Without them (listProject/...) the server's
 * default query and view, which getListControlData answers, decide the page: undefined.
 */
export function firstPageRequest(address: ListAddress): ExecuteFilterRequest | undefined {
  const { componentID, projectId, queryId, viewId } = address;
  if (!componentID || !queryId || !viewId) return undefined;
  const pageSize = readPrefs(componentID, viewId).pageSize ?? DEFAULT_PAGE_SIZE;
  // No filter yet: the columns, which only typed filter values need, do not change the body.
  return toExecuteFilterRequest(
    {
      componentID,
      projectId,
      queryId,
      viewId,
      pagination: { page: 0, pageSize },
      sort: [],
      filter: { items: [] },
    },
    [],
  );
}

/**
 * Asks a list's column definitions and its first page at once (each only when the cache has no fresh
 * answer), so the first page does not wait for the definitions nor the grid's chunk.
 */
export function prefetchList(queryClient: QueryClient, address: ListAddress, lang: string): void {
  if (!address.componentID) return;
  void queryClient.prefetchQuery(listDefinitionQuery(address.componentID, address.projectId, address.viewId, lang));
  const request = firstPageRequest(address);
  if (request) void queryClient.prefetchQuery(itemPageQuery(request, lang));
}

/**
 * prefetchList from the list route's element, in render as TanStack's usePrefetchQuery does: the page's
 * chunk suspends below it, and no effect would run before that chunk has loaded. Only a list the cache
 * has never seen is asked here; a known one is refreshed by the grid's own queries.
 */
export function usePrefetchList(address: ListAddress, lang: string): void {
  const queryClient = useQueryClient();
  if (!address.componentID) return;
  const definition = listDefinitionQuery(address.componentID, address.projectId, address.viewId, lang);
  if (!queryClient.getQueryState(definition.queryKey)) void queryClient.prefetchQuery(definition);
  const request = firstPageRequest(address);
  if (!request) return;
  const page = itemPageQuery(request, lang);
  if (!queryClient.getQueryState(page.queryKey)) void queryClient.prefetchQuery(page);
}

// The list routes (routes.tsx) as a menu entry's link spells them.
const LIST_PATHS = [
  '/runtime/:appID/list/:componentID/:form/:query/:view/:title',
  '/runtime/:appID/listProject/:componentID/:projectID/:title',
];

/** Whether a menu entry's link opens a list. */
export const isListLink = (link: string) =>
  LIST_PATHS.some((pattern) => matchPath(pattern, link.split('?')[0] ?? link));

/**
 * A menu entry about to be chosen (hovered or focused): when its link opens a list, the list's chunk,
 * definitions and first page are asked now. Answers whether the link is a list's.
 */
export function prefetchListLink(queryClient: QueryClient, link: string, lang: string): boolean {
  const pathname = link.split('?')[0] ?? link;
  for (const pattern of LIST_PATHS) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    void loadItemListPage();
    prefetchList(queryClient, listAddressOf(match.params), lang);
    return true;
  }
  return false;
}
