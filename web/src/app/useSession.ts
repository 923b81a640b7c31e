import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeSession, type SessionSnapshot, type StoredSession } from './session';

/** The session store's state; re-renders on every change (sign-in, renewal, sign-out, another tab). */
export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot);
}

/** The current session, or null when signed out. */
export function useSession(): StoredSession | null {
  return useSessionSnapshot().session;
}
