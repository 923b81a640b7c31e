import { useSyncExternalStore } from 'react';

/**
 * The user's appearance choices (spec section 3, theme settings): the named
 * palette and the layout, remembered in this browser. null means "the
 * platform's": the platform settings decide. The light/dark choice lives in
 * app/themeMode.
 */
export const PALETTE_STORAGE_KEY = 'themePalette';
export const LAYOUT_STORAGE_KEY = 'themeLayout';

export const LAYOUTS = ['left-sidebar', 'big-sidebar', 'right-sidebar', 'top-navigation', 'mega-menu', 'flex'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A layout setting as the shell draws it: unknown or empty is left-sidebar; the brand's 'plugflex' is flex. */
export function normalizeLayout(value: string | null | undefined): Layout {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === 'plugflex') return 'flex';
  return (LAYOUTS as readonly string[]).includes(v) ? (v as Layout) : 'left-sidebar';
}

const listeners = new Set<() => void>();
// Without localStorage (blocked storage) the choice holds for this page only.
const memory = new Map<string, string | null>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
  listeners.forEach((fn) => fn());
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  window.addEventListener('storage', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', fn);
  };
}

export interface Appearance {
  palette: string | null;
  layout: Layout | null;
  setPalette: (key: string | null) => void;
  setLayout: (layout: Layout | null) => void;
}

export function setPalette(key: string | null) {
  write(PALETTE_STORAGE_KEY, key);
}

export function setLayout(layout: Layout | null) {
  write(LAYOUT_STORAGE_KEY, layout);
}

export function useAppearance(): Appearance {
  const palette = useSyncExternalStore(subscribe, () => read(PALETTE_STORAGE_KEY));
  const storedLayout = useSyncExternalStore(subscribe, () => read(LAYOUT_STORAGE_KEY));
  const layout =
    storedLayout && (LAYOUTS as readonly string[]).includes(storedLayout) ? (storedLayout as Layout) : null;
  return { palette, layout, setPalette, setLayout };
}
