/** Upper-case headers (spec section 2, data grids). */
export const headerCellSx = { fontWeight: 700, fontSize: 11, letterSpacing: 0.6, textTransform: 'uppercase', color: 'text.secondary', whiteSpace: 'nowrap' } as const;
