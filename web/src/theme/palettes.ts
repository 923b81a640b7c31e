import type { ColorSet } from './createAppTheme';

/** A named palette (spec section 3, theme settings): our own colours, used in light and dark mode. */
export type PaletteKey =
  | 'oceanSky'
  | 'purple'
  | 'country'
  | 'sunset'
  | 'forest'
  | 'ruby'
  | 'graphite'
  | 'lavender'
  | 'lagoon'
  | 'indigoNight'
  | 'cherry'
  | 'desert'
  | 'steel'
  | 'emerald';

export interface NamedPalette {
  key: PaletteKey;
  primary: Required<ColorSet>;
  secondary: Required<ColorSet>;
}

const set = (light: string, main: string, dark: string): Required<ColorSet> => ({ light, main, dark });

/** The palettes a user may choose (names in the i18n files under appearance.palettes). */
export const PALETTES: readonly NamedPalette[] = [
  { key: 'oceanSky', primary: set('#4fa3e0', '#0b6fb8', '#074a7d'), secondary: set('#7fe3ee', '#1fb5c7', '#0f7f8c') },
  { key: 'purple', primary: set('#9a6fd6', '#6a3fb0', '#45247c'), secondary: set('#f48fb6', '#d9467f', '#9c2657') },
  { key: 'country', primary: set('#8fbf5f', '#5b8c2a', '#3a5e16'), secondary: set('#c9a27e', '#946b48', '#664628') },
  { key: 'sunset', primary: set('#ff9a5c', '#e0621f', '#a2410c'), secondary: set('#f27fa5', '#c23b6b', '#85224a') },
  { key: 'forest', primary: set('#5fae7a', '#2d7a4a', '#1a5030'), secondary: set('#f3cd6b', '#d9a521', '#9a7310') },
  { key: 'ruby', primary: set('#e0647a', '#b3203f', '#7a1029'), secondary: set('#8fa3b3', '#56707f', '#364a56') },
  { key: 'graphite', primary: set('#7b8a99', '#46525e', '#2a333c'), secondary: set('#5fcfb8', '#1e9a82', '#116b59') },
  { key: 'lavender', primary: set('#b39ddb', '#7e5fc4', '#55399a'), secondary: set('#80cbc4', '#3a9e94', '#22706a') },
  { key: 'lagoon', primary: set('#4fb8ad', '#137f74', '#0b564e'), secondary: set('#ffab85', '#f0703a', '#b54b1c') },
  {
    key: 'indigoNight',
    primary: set('#7986cb', '#34449c', '#1d2a6b'),
    secondary: set('#ffd36b', '#f2ad12', '#b37d05'),
  },
  { key: 'cherry', primary: set('#f07aa8', '#cc2f6f', '#8f1848'), secondary: set('#b98be0', '#8747c0', '#5b2b88') },
  { key: 'desert', primary: set('#d9a066', '#b06f2c', '#7a4916'), secondary: set('#a58f85', '#6f5a50', '#4a3a33') },
  { key: 'steel', primary: set('#6d9bd1', '#2f65a7', '#1c4273'), secondary: set('#a9b8c2', '#6f8593', '#4b5d69') },
  { key: 'emerald', primary: set('#4cc597', '#13946a', '#0a6647'), secondary: set('#7fb3f0', '#3a7fd0', '#20569a') },
];

export function findPalette(key: string | null | undefined): NamedPalette | undefined {
  if (!key) return undefined;
  const wanted = key.toLowerCase().replace(/[-_\s]/g, '');
  return PALETTES.find((p) => p.key.toLowerCase() === wanted);
}

/** The platform theme setting may name a palette ('oceanSky', 'ocean-sky-dark'); the mode part is ignored here. */
export function paletteFromSetting(theme: string | undefined): NamedPalette | undefined {
  return findPalette(theme?.replace(/[-_\s]?(dark|light)$/i, ''));
}

/** A palette's colours for createAppTheme (which lightens them itself in dark mode). */
export function paletteColors(palette: NamedPalette): { primary: ColorSet; secondary: ColorSet } {
  return { primary: palette.primary, secondary: palette.secondary };
}
