/** Upper-case headers (spec section 2, data grids). */
export const headerCellSx = {
  fontWeight: 700,
  fontSize: 11,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: 'text.secondary',
  whiteSpace: 'nowrap',
} as const;

/**
 * Where the empty and error messages sit: centred, except on a phone, where the table is wider than
 * the screen and a centred message would be out of view until scrolled to.
 */
export const EMPTY_ALIGN = { xs: 'left', sm: 'center' } as const;
