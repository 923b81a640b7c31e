/**
 * Minimal session store: the bearer token, kept in memory and mirrored to
 * localStorage under 'stored_data' so a reload keeps the user signed in.
 *
 * The sign-in issue replaces this module with the full session store (the whole
 * login result, token expiry and renewal, and encryption of what is stored).
 * Callers only use getToken/setToken/clearSession, which that store keeps.
 */
export const SESSION_STORAGE_KEY = 'stored_data';

interface StoredSession {
  token: string;
}

let token: string | null | undefined; // undefined: not read from storage yet

function readStored(): string | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredSession).token === 'string') {
      return (parsed as StoredSession).token || null;
    }
  } catch {
    // Unreadable or foreign content: treat as signed out.
  }
  return null;
}

export function getToken(): string | null {
  if (token === undefined) token = readStored();
  return token;
}

export function setToken(value: string): void {
  token = value;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: value } satisfies StoredSession));
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

export function clearSession(): void {
  token = null;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
