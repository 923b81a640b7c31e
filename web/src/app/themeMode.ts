import { createContext, useContext } from 'react';
import type { PaletteMode } from '@mui/material/styles';

/** localStorage key for the user's light/dark choice (the header toggle); the platform theme applies otherwise. */
export const THEME_MODE_STORAGE_KEY = 'themeMode';

export interface ThemeModeValue {
  mode: PaletteMode;
  setMode: (mode: PaletteMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', setMode: () => undefined });

export function useThemeMode(): ThemeModeValue {
  return useContext(ThemeModeContext);
}

export function getStoredThemeMode(): PaletteMode | undefined {
  try {
    const value = window.localStorage.getItem(THEME_MODE_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeThemeMode(mode: PaletteMode): void {
  try {
    window.localStorage.setItem(THEME_MODE_STORAGE_KEY, mode);
  } catch {
    // The choice still applies to this page.
  }
}

/** 'dark' in the platform theme setting means dark mode; anything else is light (the default). */
export function modeFromSetting(theme: string | undefined): PaletteMode {
  return theme?.toLowerCase().includes('dark') ? 'dark' : 'light';
}
