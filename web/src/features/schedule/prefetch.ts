import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { scheduleQuery } from './api';

/** The Gantt's chunk (pages.tsx makes it the lazy page); a full load of its address asks for it at once. */
export const loadSchedulePage = () => import('./SchedulePage');

const SCHEDULE_PATH = '/runtime/:appID/schedule/:viewID/:title';
const LAST_PROJECT = 'tramita.schedule.project';

/** A positive whole id, else 0. */
export const toId = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The project last opened on the schedule, kept per browser. */
export function lastProject(): number {
  try {
    return toId(localStorage.getItem(LAST_PROJECT));
  } catch {
    return 0;
  }
}

export function rememberProject(id: number) {
  try {
    localStorage.setItem(LAST_PROJECT, String(id));
  } catch {
    // Private windows may refuse storage: the picker then starts empty next time.
  }
}

const scheduleMatch = (link: string) => matchPath(SCHEDULE_PATH, link.split('?')[0] ?? link);

/** Whether a link opens a schedule (Gantt). */
export const isScheduleLink = (link: string) => scheduleMatch(link) !== null;

/**
 * A schedule's address being opened: the project's schedule SchedulePage asks first (the link's
 * `?project=`, else the one last opened here; no baseline) is asked now, beside the Gantt's chunk,
 * instead of after it (issue 16: 5,000 tasks are most of a second on the wire). Answers whether the
 * link is a schedule's.
 */
export function prefetchScheduleLink(queryClient: QueryClient, link: string): boolean {
  const match = scheduleMatch(link);
  if (!match) return false;
  const query = link.includes('?') ? link.slice(link.indexOf('?')) : '';
  const projectId = toId(new URLSearchParams(query).get('project')) || lastProject();
  const viewID = toId(match.params.viewID);
  if (projectId > 0) {
    const query = scheduleQuery(projectId, viewID, 0);
    prefetched.set(hashKey(query.queryKey), Date.now());
    void queryClient.prefetchQuery(query);
  }
  return true;
}

// The schedules asked ahead of their page, by query hash: the page's first mount takes the answer as
// it is (a schedule is otherwise asked anew on each visit, since an item's form may have moved it).
const prefetched = new Map<string, number>();
const PREFETCH_KEPT_MS = 30_000;

/** Whether the page's mount asks its schedule again: not once after a fresh prefetch. */
export function refetchOnMount(query: Pick<Query, 'queryHash'>): boolean {
  const at = prefetched.get(query.queryHash);
  prefetched.delete(query.queryHash);
  return at === undefined || Date.now() - at > PREFETCH_KEPT_MS;
}
