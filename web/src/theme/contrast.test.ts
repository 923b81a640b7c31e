import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { readableOn, TEXT_CONTRAST, textOn } from './contrast';

describe('textOn', () => {
  it.each([
    '#ef5350',
    '#ffa726',
    '#66bb6a',
    '#42a5f5',
    '#9e9e9e',
    '#f44336',
    '#1f4e8c',
    '#000000',
    '#ffffff',
    '#777777',
  ])('reaches 4.5:1 on %s', (background) => {
    expect(getContrastRatio(textOn(background)!, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps white where white reads, and gives nothing for a colour it cannot read', () => {
    expect(textOn('#1f4e8c')).toBe('#ffffff');
    expect(textOn('#ef5350')).toBe('#000000');
    expect(textOn('')).toBeUndefined();
    expect(textOn('not a colour')).toBeUndefined();
  });
});

describe('readableOn', () => {
  it('darkens on light backgrounds and lightens on dark ones until the text reads', () => {
    const light = readableOn('#ed6c02', ['#ffffff', '#f4f6f9'], 'light');
    expect(getContrastRatio(light, '#f4f6f9')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const dark = readableOn('#4f7bbf', ['#171e27', '#10151c'], 'dark');
    expect(getContrastRatio(dark, '#171e27')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#1f4e8c', ['#ffffff'], 'light')).toBe('#1f4e8c');
  });
});
