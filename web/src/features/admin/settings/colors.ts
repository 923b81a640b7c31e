/** The brand colours of the platform settings: light, main and dark as #RRGGBB (what the server accepts). */
export interface BrandColors {
  light: string;
  main: string;
  dark: string;
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes the colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  return toHex(channels(hex).map((c) => c + (target - c) * k));
}

/** light and dark derived from main, the way MUI derives them (tonal offset 0.2 towards white, 0.3 towards black). */
export function deriveColors(main: string): BrandColors {
  const value = main.toLowerCase();
  return { light: shade(value, 0.2), main: value, dark: shade(value, -0.3) };
}

/** The colours of a setting value, or undefined when it is not a complete #RRGGBB set. */
export function parseColors(value: unknown): BrandColors | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { light, main, dark } = value as Record<string, unknown>;
  if ([light, main, dark].every((c) => typeof c === 'string' && HEX_COLOR.test(c))) {
    return { light: light as string, main: main as string, dark: dark as string };
  }
  return undefined;
}
