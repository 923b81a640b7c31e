import type { RouteObject } from 'react-router';

/**
 * The administration pages (spec section 2, administration paths), children of /administration.
 * Each page is its own lazy chunk.
 */
export const administrationRoutes: RouteObject[] = [];
