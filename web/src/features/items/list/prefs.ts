import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

/** What the browser remembers of a list per item type and view: hidden columns and page size. */
export interface ListPrefs {
  columns?: GridColumnVisibilityModel;
  pageSize?: number;
}

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

const key = (componentID: number, viewId: number) => `tramita.list.${componentID}.${viewId}`;

export function readPrefs(componentID: number, viewId: number): ListPrefs {
  try {
    const raw = localStorage.getItem(key(componentID, viewId));
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (typeof value !== 'object' || value === null) return {};
    const prefs = value as ListPrefs;
    return {
      columns: prefs.columns && typeof prefs.columns === 'object' ? prefs.columns : undefined,
      pageSize: PAGE_SIZES.includes(Number(prefs.pageSize)) ? Number(prefs.pageSize) : undefined,
    };
  } catch {
    return {};
  }
}

export function writePrefs(componentID: number, viewId: number, prefs: ListPrefs): void {
  try {
    localStorage.setItem(key(componentID, viewId), JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the list still works, it just forgets
  }
}
