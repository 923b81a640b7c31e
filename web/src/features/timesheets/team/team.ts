import type { EntryState, TeamEntry, TeamFilter } from '../api';
import { isDay } from '../week';

const STATES: string[] = ['draft', 'submitted', 'approved', 'rejected'];

/**
 * The team list's filter from the address (?from&to&project&person&state): the period defaults to
 * the dates given, the state to "submitted" (what waits for the caller), "all" for every state.
 */
export function filterFrom(params: URLSearchParams, from: string, to: string): TeamFilter {
  const day = (name: string, fallback: string) => {
    const value = params.get(name) ?? '';
    return isDay(value) ? value : fallback;
  };
  const id = (name: string) => {
    const n = Number(params.get(name) ?? '0');
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const state = params.get('state') ?? 'submitted';
  return {
    from: day('from', from),
    to: day('to', to),
    projectId: id('project'),
    userId: id('person'),
    state: STATES.includes(state) ? (state as EntryState) : '',
  };
}

/** Only submitted entries are approved or rejected. */
export const selectable = (entry: TeamEntry) => entry.state === 'submitted';

/** Minutes as H:MM. */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** The chip colour of each state. */
export const stateColor: Record<EntryState, 'default' | 'info' | 'success' | 'error'> = {
  draft: 'default',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
};
