/**
 * The kanban feature's public entry: what the shell uses of it. The board itself is reached through
 * routes.tsx.
 */
export { isBoardLink, loadKanbanPage, prefetchBoardLink } from './prefetch';
