/** Spec section 9: the terms of use are shown at scale 0.9. */
export const TERMS_PDF_SCALE = 0.9;

/**
 * The scale a terms page is drawn at: 0.9, or less when the dialog is narrower than the page at
 * 0.9 (a phone), so a line is read without scrolling sideways. `available` is the dialog's inner
 * width and `pageWidth` the page's width at scale 1, both in CSS pixels; unknown means 0.9.
 */
export function termsScale(available: number | undefined, pageWidth: number | undefined): number {
  if (!available || !pageWidth) return TERMS_PDF_SCALE;
  return Math.min(TERMS_PDF_SCALE, available / pageWidth);
}
