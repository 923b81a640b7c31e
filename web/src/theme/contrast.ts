import { darken, getContrastRatio, lighten, type PaletteMode } from '@mui/material/styles';

/** WCAG 2.1 AA for text of normal size (1.4.3). */
export const TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

function ratio(a: string, b: string): number | undefined {
  try {
    return getContrastRatio(a, b);
  } catch {
    return undefined; // a colour MUI cannot read (a name, a typo in a package)
  }
}

/**
 * The colour moved towards white (dark mode) or black (light mode) until it reaches 4.5:1 on every
 * background given: a theme colour stays readable as text (links, outlined buttons, chips).
 */
export function readableOn(color: string, backgrounds: string[], mode: PaletteMode): string {
  let readable = color;
  for (let step = 0; step < 30; step++) {
    if (backgrounds.every((b) => (ratio(readable, b) ?? TEXT_CONTRAST) >= TEXT_CONTRAST)) break;
    readable = mode === 'dark' ? lighten(readable, 0.1) : darken(readable, 0.1);
  }
  return readable;
}

/**
 * The text colour on a coloured background (a status, a lane): white when it reaches 4.5:1, else
 * black, which then always does. MUI's own choice keeps white down to 3:1. Undefined for a colour
 * that cannot be read, so the caller keeps its default.
 */
export function textOn(background: string | undefined | null): string | undefined {
  if (!background) return undefined;
  const white = ratio(background, WHITE);
  if (white === undefined) return undefined;
  return white >= TEXT_CONTRAST ? WHITE : BLACK;
}
