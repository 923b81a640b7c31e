import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../app/settings';
import { useThemeMode } from '../../../app/themeMode';
import { useAppearance } from '../../../theme/appearance';
import { createAppTheme, REDUCED_MOTION } from '../../../theme/createAppTheme';
import { findPalette, paletteColors, paletteFromSetting } from '../../../theme/palettes';

/** The signed-in pages use the palette the user chose (or the one the platform's theme setting names). */
export function PortalTheme({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const platformTheme = useTheme();
  const settings = useSettings();
  const { mode } = useThemeMode();
  const { palette } = useAppearance();
  const named = palette === null ? paletteFromSetting(settings.theme) : findPalette(palette);
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  const theme = useMemo(
    () =>
      named
        ? createAppTheme({
            mode,
            ...paletteColors(named),
            font: settings.font,
            reducedMotion,
            loadingLabel: t('app.loading'),
          })
        : platformTheme,
    [named, mode, settings.font, reducedMotion, t, platformTheme],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
