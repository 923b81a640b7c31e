import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { SavedItem } from './cellEdit';
import type { Choice, ExecuteFilterRequest, ItemPage, ListDefinition } from './types';

const BASE = '/genericItem';

// Names come from the server in the request's language: every key carries it.
export const listKeys = {
  definition: (componentID: number, projectID: number, viewId: number, lang: string) =>
    ['items', 'list', componentID, projectID, viewId, lang] as const,
  /** Every page of every list: what a change to items (bulk edit, transition, operation) makes stale. */
  pages: ['items', 'page'] as const,
  page: (request: ExecuteFilterRequest, lang: string) => ['items', 'page', request, lang] as const,
  picklist: (picklistId: number, lang: string) => ['items', 'picklist', picklistId, lang] as const,
  users: ['items', 'users'] as const,
  projects: ['items', 'projects'] as const,
};

export const listDefinitionQuery = (componentID: number, projectID: number, viewId: number, lang: string) =>
  queryOptions({
    queryKey: listKeys.definition(componentID, projectID, viewId, lang),
    queryFn: ({ signal }) =>
      api.get<ListDefinition>(`${BASE}/getListControlData`, {
        query: { componentID, projectID: projectID || undefined, viewId: viewId || undefined },
        signal,
      }),
    // Definitions change when an administrator edits the type: a minute is fresh enough to skip asking
    // again when the list is opened from the menu after a hover, or left and opened again.
    staleTime: 60_000,
  });

export const itemPageQuery = (request: ExecuteFilterRequest, lang: string) =>
  queryOptions({
    queryKey: listKeys.page(request, lang),
    queryFn: ({ signal }) => api.post<ItemPage>(`${BASE}/executeFilter`, request, { signal }),
    // Long enough for the grid to take the page prefetched on hover or by the route without asking
    // again; short, since items change elsewhere (forms) without telling the lists. A list opened again
    // later shows its cached page at once while it is asked again.
    staleTime: 5_000,
  });

export const picklistChoicesQuery = (picklistId: number, lang: string) =>
  queryOptions({
    queryKey: listKeys.picklist(picklistId, lang),
    queryFn: async ({ signal }) => {
      // Without a parent value every option comes with the parent value it belongs to (dependent picklists).
      const items = await api.post<{ value: string; text: string; color: string; parentValue?: string | null }[]>(
        `${BASE}/loadPicklistItems`,
        { picklistId },
        { signal },
      );
      return items.map((i): Choice => ({
        value: i.value,
        label: i.text,
        color: i.color || undefined,
        parentValue: i.parentValue ?? null,
      }));
    },
    staleTime: 5 * 60_000,
  });

export const userChoicesQuery = queryOptions({
  queryKey: listKeys.users,
  queryFn: async ({ signal }) => {
    const users = await api.post<{ id: number; name: string }[]>(`${BASE}/loadUsers`, { limit: 200 }, { signal });
    return users.map((u): Choice => ({ value: u.id, label: u.name }));
  },
  staleTime: 5 * 60_000,
});

export const projectChoicesQuery = queryOptions({
  queryKey: listKeys.projects,
  queryFn: async ({ signal }) => {
    const projects = await api.get<{ id: number; name: string }[]>(`${BASE}/loadProjects`, { signal });
    return projects.map((p): Choice => ({ value: p.id, label: p.name }));
  },
  staleTime: 5 * 60_000,
});

/** exportExcel (the page, or the selected rows) or exportFullListToExcel (every matching row): the workbook. */
export function exportWorkbook(request: ExecuteFilterRequest, full: boolean): Promise<Blob> {
  return api.post<Blob>(`${BASE}/${full ? 'exportFullListToExcel' : 'exportExcel'}`, request, { responseType: 'blob' });
}

/** updateItemField: one editInGrid attribute of one item, at the version the list showed (409 when it changed since). */
export function updateItemField(body: {
  itemId: number;
  componentId: number;
  field: string;
  value: unknown;
  modificationDateTicks: number | undefined;
}): Promise<SavedItem> {
  return api.post<SavedItem>(`${BASE}/updateItemField`, body);
}
