/**
 * The items feature's public entry: what the shell uses of it. The pages themselves are reached
 * through routes.tsx.
 */
export { isListLink, loadItemListPage, prefetchListLink } from './list/prefetch';
