import { describe, expect, it } from 'vitest';
import { deriveColors, parseColors, shade } from './colors';
import { changedSettings } from './settingsDraft';

describe('brand colours', () => {
  it('derives light and dark shades from the main colour as #RRGGBB', () => {
    expect(deriveColors('#8E24AA')).toEqual({ light: '#a550bb', main: '#8e24aa', dark: '#631977' });
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
  });

  it('reads only complete colour sets', () => {
    expect(parseColors({ light: '#ffffff', main: '#000000', dark: '#111111' })).toEqual({
      light: '#ffffff',
      main: '#000000',
      dark: '#111111',
    });
    expect(parseColors({ main: '#000000' })).toBeUndefined();
    expect(parseColors('blue')).toBeUndefined();
  });
});

describe('the settings editor', () => {
  it('sends only what changed', () => {
    const saved = { brand: 'Tramita', primaryColor: { light: '#1', main: '#2', dark: '#3' }, maintenance: false };
    expect(changedSettings(saved, { ...saved })).toEqual({});
    expect(
      changedSettings(saved, { ...saved, brand: 'Acme', primaryColor: { light: '#1', main: '#9', dark: '#3' } }),
    ).toEqual({
      brand: 'Acme',
      primaryColor: { light: '#1', main: '#9', dark: '#3' },
    });
  });
});
