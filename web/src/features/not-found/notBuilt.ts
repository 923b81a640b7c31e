import type { RouteObject } from 'react-router';

// Kept apart from NotBuiltPage.tsx so the route table does not pull the page's chunk.

/** The spec's runtime paths (children of /runtime/{appID}) with no screen yet. */
export const notBuiltRuntimePaths = ['repositoryView/:title'];

/** The spec's top-level paths with no screen yet. */
export const notBuiltTopLevelPaths = ['printLayout', 'General/PrintLayoutPage.aspx'];

export function notBuiltRoutes(paths: string[], element: RouteObject['element']): RouteObject[] {
  return paths.map((path) => ({ path, element }));
}
