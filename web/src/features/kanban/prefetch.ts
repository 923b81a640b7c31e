import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { boardQuery } from './api';

/** The board's chunk (pages.tsx makes it the lazy page); the menu asks for it ahead of a click. */
export const loadKanbanPage = () => import('./KanbanPage');

// The board routes (routes.tsx) as a menu entry's link spells them.
const BOARD_PATHS = ['/runtime/:appID/kanban/:viewID/:title', '/kanban/:viewID/:title'];

const boardMatch = (link: string) => {
  const pathname = link.split('?')[0] ?? link;
  for (const pattern of BOARD_PATHS) {
    const match = matchPath(pattern, pathname);
    if (match) return match;
  }
  return null;
};

/** Whether a menu entry's link opens a kanban board. */
export const isBoardLink = (link: string) => boardMatch(link) !== null;

/**
 * A menu entry about to be chosen (hovered or focused): when its link opens a board, its first cards
 * (the default query, no search: what KanbanPage asks first) are asked now; the menu loads the
 * board's chunk while idle. A board named by its keys ("task.board") is found by the page itself.
 * Answers whether the link is a board's.
 */
export function prefetchBoardLink(queryClient: QueryClient, link: string): boolean {
  const match = boardMatch(link);
  if (!match) return false;
  const viewID = Number(match.params.viewID);
  if (Number.isInteger(viewID) && viewID > 0) void queryClient.prefetchQuery(boardQuery({ viewID, search: '' }));
  return true;
}
