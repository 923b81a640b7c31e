import { describe, expect, it } from 'vitest';
import { TERMS_PDF_SCALE, termsScale } from './termsScale';

describe('the scale of the terms of use', () => {
  it('is 0.9 where the page fits, and fits the page to a narrower dialog', () => {
    expect(termsScale(1000, 595)).toBe(TERMS_PDF_SCALE);
    expect(termsScale(535.5, 595)).toBe(TERMS_PDF_SCALE);
    // A phone: 342 px for an A4 page (595 pt) gives 0.57, the whole line in view.
    expect(termsScale(342, 595)).toBeCloseTo(0.575, 3);
    expect(termsScale(342, 595) * 595).toBeLessThanOrEqual(342);
  });

  it('is 0.9 until the widths are known', () => {
    expect(termsScale(undefined, 595)).toBe(TERMS_PDF_SCALE);
    expect(termsScale(342, undefined)).toBe(TERMS_PDF_SCALE);
    expect(termsScale(0, 595)).toBe(TERMS_PDF_SCALE);
  });
});
