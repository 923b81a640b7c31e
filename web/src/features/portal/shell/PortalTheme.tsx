import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useSettings } from '../../../app/settings';
import { useThemeMode } from '../../../app/themeMode';
import { useAppearance } from '../../../theme/appearance';
import { createAppTheme } from '../../../theme/createAppTheme';
import { findPalette, paletteColors, paletteFromSetting } from '../../../theme/palettes';

/** The signed-in pages use the palette the user chose (or the one the platform's theme setting names). */
export function PortalTheme({ children }: { children: ReactNode }) {
  const platformTheme = useTheme();
  const settings = useSettings();
  const { mode } = useThemeMode();
  const { palette } = useAppearance();
  const named = palette === null ? paletteFromSetting(settings.theme) : findPalette(palette);
  const theme = useMemo(
    () => (named ? createAppTheme({ mode, ...paletteColors(named), font: settings.font }) : platformTheme),
    [named, mode, settings.font, platformTheme],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
