import { alpha, createTheme, lighten, type PaletteMode, type Theme } from '@mui/material/styles';
import { readableOn, TEXT_CONTRAST, textOn } from './contrast';

export interface ColorSet {
  light?: string;
  main?: string;
  dark?: string;
}

export interface ThemeInput {
  mode?: PaletteMode;
  primary?: ColorSet | null;
  secondary?: ColorSet | null;
  font?: string | null;
  /** The user asked for less motion (prefers-reduced-motion): no transitions, no ripples. */
  reducedMotion?: boolean;
  /** The name of a progress indicator that has none of its own ("Loading…" in the user's language). */
  loadingLabel?: string;
}

export const DEFAULT_PRIMARY = { light: '#4f7bbf', main: '#1f4e8c', dark: '#0f2f5c' };
export const DEFAULT_SECONDARY = { light: '#7fe0c3', main: '#2fa884', dark: '#1c7a5e' };

const FALLBACK_FONTS = ['"Roboto Variable"', 'Roboto', '"Segoe UI"', '"Helvetica Neue"', 'Arial', 'sans-serif'];

/** The media query of a user who asked for less motion. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Spec section 9: base font size 12. */
export const BASE_FONT_SIZE = 12;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(rgb|rgba|hsl|hsla)\([^()]*\)$/i;

/** Keeps a colour only when MUI can parse it; a bad setting must not break the app. */
function validColor(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && (HEX.test(v) || FUNCTIONAL.test(v)) ? v : undefined;
}

function palette(input: ColorSet | null | undefined, fallback: Required<ColorSet>, mode: PaletteMode) {
  const main = validColor(input?.main);
  const light = main ? validColor(input?.light) : fallback.light;
  const dark = main ? validColor(input?.dark) : fallback.dark;
  const colors = { main: main ?? fallback.main, light, dark };
  // Dark mode moves each colour one step lighter, so text and outlines in the
  // main colour keep their contrast on a dark background.
  if (mode === 'dark')
    return {
      main: colors.light ?? lighten(colors.main, 0.3),
      dark: colors.main,
      light: lighten(colors.light ?? colors.main, 0.3),
    };
  // MUI derives light/dark from main when they are missing.
  return { main: colors.main, ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
}

export function fontStack(font: string | null | undefined): string {
  const name = font?.trim().replace(/["';{}]/g, '');
  return [...(name ? [`"${name}"`] : []), ...FALLBACK_FONTS].join(', ');
}

/** The MUI theme for the platform settings: palette, font and light/dark mode. */
export function createAppTheme({
  mode = 'light',
  primary,
  secondary,
  font,
  reducedMotion = false,
  loadingLabel,
}: ThemeInput = {}): Theme {
  const isDark = mode === 'dark';
  const background = isDark ? { default: '#10151c', paper: '#171e27' } : { default: '#f4f6f9', paper: '#ffffff' };
  // Every colour of the palette is also text (links, outlined buttons, error messages): each reaches
  // 4.5:1 on every surface, and its own text on it is white or black, whichever reaches it. In dark
  // mode a raised surface (a menu, a dialog, an elevated paper) is the paper lightened up to 16.5%.
  const surfaces = isDark
    ? [background.default, background.paper, lighten(background.paper, 0.165)]
    : [background.default, background.paper];
  const readable = (color: ColorSet & { main: string }) => {
    const main = readableOn(color.main, surfaces, mode);
    const contrastText = textOn(main);
    return { ...color, main, ...(contrastText && { contrastText }) };
  };
  const defaults = createTheme({ palette: { mode } }).palette;
  const intent = (name: 'error' | 'warning' | 'info' | 'success') =>
    readable({ main: defaults[name].main, light: defaults[name].light, dark: defaults[name].dark });
  const theme = createTheme({
    palette: {
      mode,
      contrastThreshold: TEXT_CONTRAST,
      primary: readable(palette(primary, DEFAULT_PRIMARY, mode)),
      secondary: readable(palette(secondary, DEFAULT_SECONDARY, mode)),
      error: intent('error'),
      warning: intent('warning'),
      info: intent('info'),
      success: intent('success'),
      background,
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: fontStack(font),
      fontSize: BASE_FONT_SIZE,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    ...(reducedMotion && {
      transitions: {
        create: () => 'none',
        duration: {
          shortest: 0,
          shorter: 0,
          short: 0,
          standard: 0,
          complex: 0,
          enteringScreen: 0,
          leavingScreen: 0,
        },
      },
    }),
  });

  return createTheme(theme, {
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // A progress bar or spinner is announced by name (WCAG 4.1.2).
      MuiLinearProgress: { defaultProps: { 'aria-label': loadingLabel } },
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCssBaseline: {
        styleOverrides: {
          // A heading that took the focus after a navigation shows it to keyboard users only.
          '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
          // What the theme's transitions do not reach (animations and transitions of our own styles).
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiCard: {
        styleOverrides: {
          root: {
            border: `1px solid ${isDark ? alpha('#ffffff', 0.08) : alpha('#0f2346', 0.08)}`,
            boxShadow: isDark ? 'none' : '0 12px 40px rgba(15, 35, 70, 0.10), 0 2px 6px rgba(15, 35, 70, 0.06)',
          },
        },
      },
    },
  });
}
