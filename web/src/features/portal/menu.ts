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
