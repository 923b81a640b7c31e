/**
 * The schedule feature's public entry: what the shell uses of it. The Gantt itself is reached
 * through routes.tsx.
 */
export { isScheduleLink, loadSchedulePage, prefetchScheduleLink } from './prefetch';
