import type { MenuEntry } from './api';

/** Absolute http(s) links leave the app: they open in a new tab. */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** A menu link with the current query string kept (spec section 2); external links stay as they are. */
export function linkWithQuery(link: string, search: string): string {
  if (!search || search === '?' || isExternalLink(link)) return link;
  const query = search.startsWith('?') ? search.slice(1) : search;
  return link.includes('?') ? `${link}&${query}` : `${link}?${query}`;
}

/** Every entry of the tree in menu order, depth first. */
export function flattenMenu(tree: MenuEntry[]): MenuEntry[] {
  return tree.flatMap((entry) => [entry, ...flattenMenu(entry.child ?? [])]);
}

/** The first entry with a link, in menu order: where entering /runtime/{appID} goes. */
export function firstLink(tree: MenuEntry[]): string | undefined {
  return flattenMenu(tree).find((entry) => entry.link && !entry.title)?.link;
}

export const SEARCH_LIMIT = 5;

/** Menu search: entries with a link whose name contains the text, case-insensitively; at most five. */
export function searchMenu(tree: MenuEntry[], text: string, limit = SEARCH_LIMIT): MenuEntry[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [];
  return flattenMenu(tree)
    .filter((entry) => entry.link && entry.name.toLocaleLowerCase().includes(needle))
    .slice(0, limit);
}

/** Keys of the groups leading to the entry whose link is the current path (to open them). */
export function ancestorsOf(tree: MenuEntry[], pathname: string): string[] {
  const walk = (entries: MenuEntry[], trail: string[]): string[] | undefined => {
    for (const entry of entries) {
      if (entry.link && entry.link.split('?')[0] === pathname) return trail;
      const found = entry.child && walk(entry.child, [...trail, entry.key]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(tree, []) ?? [];
}

export interface MegaColumn {
  key: string;
  title: string | null;
  links: MenuEntry[];
}

/**
 * A group's entries as the mega-menu's columns: a section title starts a
 * column of the links after it; a nested group is a column of all its links;
 * links before any title share an untitled column.
 */
export function megaColumns(entries: MenuEntry[]): MegaColumn[] {
  const columns: MegaColumn[] = [];
  let current: MegaColumn | undefined;
  for (const entry of entries) {
    if (entry.title) {
      current = { key: entry.key, title: entry.name, links: [] };
      columns.push(current);
    } else if (entry.child) {
      columns.push({
        key: entry.key,
        title: entry.name,
        links: flattenMenu(entry.child).filter((e) => e.link && !e.title),
      });
      current = undefined;
    } else if (entry.link) {
      if (!current) {
        current = { key: `${entry.key}-column`, title: null, links: [] };
        columns.push(current);
      }
      current.links.push(entry);
    }
  }
  return columns.filter((column) => column.links.length > 0);
}

/** The address is /runtime/{appID} itself, not one of its entries. */
export const isRuntimeIndex = (pathname: string) => /^\/runtime\/[^/]+\/?$/.test(pathname);
