import type { RouteObject } from 'react-router';

/**
 * The item form pages inside an application (spec section 2:
 * insertItem/{componentID}/{projectId}/{form} and editItem/{componentID}/{itemID}/{form}),
 * children of /runtime/{appID}. Each page is its own lazy chunk.
 */
export const runtimeFormRoutes: RouteObject[] = [];

/** The same pages at the top level (/insertItem/..., /editItem/...), authentication required. */
export const topLevelFormRoutes: RouteObject[] = [];
