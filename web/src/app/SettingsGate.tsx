import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import type { PaletteMode } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { RouteBoundToast } from './RouteBoundToast';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { SnackbarCloseButton } from '../components/SnackbarCloseButton';
import { StatusView } from '../components/StatusView';
import { createAppTheme, REDUCED_MOTION } from '../theme/createAppTheme';
import { platformSettingsQuery, SettingsContext } from './settings';
import { getStoredThemeMode, modeFromSetting, storeThemeMode, ThemeModeContext } from './themeMode';

/** Spec section 9: toasts top-right, hidden after 6 s; at most three at once. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;

/**
 * Loads the platform settings and applies them (theme, font, mode, title; the
 * language is applied while loading). Children render only once settings exist:
 * a spinner shows meanwhile, and an error view with a retry button if the call fails.
 */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(platformSettingsQuery);
  const settings = query.data;

  const [chosenMode, setChosenMode] = useState<PaletteMode | undefined>(getStoredThemeMode);
  // The toasts' live region: in the page before the first toast, as a region that appears with its
  // text is not reliably read.
  const [toastRegion, setToastRegion] = useState<HTMLDivElement | null>(null);
  const mode = chosenMode ?? modeFromSetting(settings?.theme);
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });

  const theme = useMemo(
    () =>
      createAppTheme({
        mode,
        primary: settings?.primaryColor,
        secondary: settings?.secondaryColor,
        font: settings?.font,
        reducedMotion,
        loadingLabel: t('app.loading'),
      }),
    [mode, settings?.primaryColor, settings?.secondaryColor, settings?.font, reducedMotion, t],
  );

  const themeMode = useMemo(
    () => ({
      mode,
      setMode: (next: PaletteMode) => {
        storeThemeMode(next);
        setChosenMode(next);
      },
    }),
    [mode],
  );

  useEffect(() => {
    if (settings?.brand) document.title = settings.brand;
  }, [settings?.brand]);

  let content: ReactNode;
  if (settings) {
    content = <SettingsContext value={settings}>{children}</SettingsContext>;
  } else if (query.isError) {
    content = (
      <StatusView
        title={t('app.settingsError.title')}
        description={t('app.settingsError.description')}
        action={
          <Button variant="contained" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('app.settingsError.retry')}
          </Button>
        }
      />
    );
  } else {
    content = <FullScreenSpinner />;
  }

  return (
    <ThemeModeContext value={themeMode}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <div ref={setToastRegion} aria-live="polite" data-testid="toasts" />
        <SnackbarProvider
          domRoot={toastRegion ?? undefined}
          maxSnack={3}
          preventDuplicate
          Components={{
            default: RouteBoundToast,
            success: RouteBoundToast,
            error: RouteBoundToast,
            warning: RouteBoundToast,
            info: RouteBoundToast,
          }}
          autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          action={(key) => <SnackbarCloseButton snackbarKey={key} />}
        >
          {content}
        </SnackbarProvider>
      </ThemeProvider>
    </ThemeModeContext>
  );
}
