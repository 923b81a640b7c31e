import { getContrastRatio, getLuminance, lighten } from '@mui/material/styles';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LAYOUT_STORAGE_KEY, normalizeLayout, PALETTE_STORAGE_KEY, useAppearance } from './appearance';
import { createAppTheme, DEFAULT_PRIMARY } from './createAppTheme';
import { findPalette, PALETTES, paletteColors, paletteFromSetting } from './palettes';
import en from '../i18n/en.json';
import ptBR from '../i18n/pt-BR.json';

afterEach(() => window.localStorage.clear());

describe('layouts', () => {
  it('draws an unknown or empty layout setting as left-sidebar and plugflex as flex', () => {
    expect(normalizeLayout('')).toBe('left-sidebar');
    expect(normalizeLayout('nonsense')).toBe('left-sidebar');
    expect(normalizeLayout(' Mega-Menu ')).toBe('mega-menu');
    expect(normalizeLayout('plugflex')).toBe('flex');
  });
});

describe('palettes', () => {
  it('has at least twelve, each named in both languages, with distinct colours', () => {
    expect(PALETTES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(PALETTES.map((p) => p.primary.main)).size).toBe(PALETTES.length);
    for (const p of PALETTES) {
      expect(ptBR.appearance.palettes[p.key]).toBeTruthy();
      expect(en.appearance.palettes[p.key]).toBeTruthy();
    }
  });

  it('finds a palette by its key or the platform theme setting', () => {
    expect(findPalette('OCEANSKY')?.key).toBe('oceanSky');
    expect(paletteFromSetting('ocean-sky-dark')?.key).toBe('oceanSky');
    expect(paletteFromSetting('light')).toBeUndefined();
  });

  it('uses lighter colours in dark mode', () => {
    const ocean = findPalette('oceanSky')!;
    expect(createAppTheme({ mode: 'light', ...paletteColors(ocean) }).palette.primary.main).toBe(ocean.primary.main);
    // The palette's light colour, lightened further where 4.5:1 needs it.
    const dark = createAppTheme({ mode: 'dark', ...paletteColors(ocean) }).palette.primary.main;
    expect(getLuminance(dark)).toBeGreaterThanOrEqual(getLuminance(ocean.primary.light));
    expect(createAppTheme({ mode: 'light' }).palette.primary.main).toBe(DEFAULT_PRIMARY.main);
  });

  // WCAG 2.1 AA (1.4.3): each colour is text on the page and the page's text is on each colour.
  describe.each(['light', 'dark'] as const)('in %s mode', (mode) => {
    const themes = [
      ['the default', createAppTheme({ mode })] as const,
      ...PALETTES.map((p) => [p.key, createAppTheme({ mode, ...paletteColors(p) })] as const),
    ];
    it.each(themes)('%s palette reads at 4.5:1 as text and under text', (_, theme) => {
      const { background } = theme.palette;
      const raised = mode === 'dark' ? [lighten(background.paper, 0.165)] : [];
      for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
        const color = theme.palette[name];
        for (const page of [background.default, background.paper, ...raised])
          expect(getContrastRatio(color.main, page), `${name} on ${page}`).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(color.contrastText, color.main), `text on ${name}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  });
});

describe('motion and names', () => {
  it('turns the transitions and ripples off for a user who asked for less motion', () => {
    const still = createAppTheme({ reducedMotion: true });
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(createAppTheme().transitions.create('opacity')).not.toBe('none');
  });

  it('names the progress indicators that have no name of their own', () => {
    const theme = createAppTheme({ loadingLabel: 'Carregando…' });
    expect(theme.components?.MuiLinearProgress?.defaultProps).toMatchObject({ 'aria-label': 'Carregando…' });
    expect(theme.components?.MuiCircularProgress?.defaultProps).toMatchObject({ 'aria-label': 'Carregando…' });
  });
});

describe('useAppearance', () => {
  it('remembers the palette and layout in this browser; null is the platform choice', () => {
    const { result } = renderHook(() => useAppearance());
    expect(result.current.palette).toBeNull();
    expect(result.current.layout).toBeNull();
    act(() => {
      result.current.setPalette('forest');
      result.current.setLayout('big-sidebar');
    });
    expect(result.current.palette).toBe('forest');
    expect(result.current.layout).toBe('big-sidebar');
    expect(window.localStorage.getItem(PALETTE_STORAGE_KEY)).toBe('forest');
    expect(window.localStorage.getItem(LAYOUT_STORAGE_KEY)).toBe('big-sidebar');
    act(() => result.current.setLayout(null));
    expect(result.current.layout).toBeNull();
  });
});
