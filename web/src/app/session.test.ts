import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/session';
import { resetSecureStorageForTests } from './secureStorage';
import {
  clearSession,
  getSession,
  getSessionSnapshot,
  getToken,
  loadSession,
  resetSessionForTests,
  SESSION_STORAGE_KEY,
  sessionSaved,
  setSession,
  setToken,
  subscribeSession,
  updateSession,
} from './session';

/** What a reload does: memory is gone, storage and the IndexedDB key stay. */
async function reload() {
  resetSessionForTests();
  resetSecureStorageForTests();
  await loadSession();
}

describe('session store', () => {
  it('starts loading, then is ready and signed out when nothing is stored', async () => {
    expect(getSessionSnapshot().status).toBe('loading');
    await loadSession();
    expect(getSessionSnapshot()).toEqual({ status: 'ready', session: null });
    expect(getToken()).toBeNull();
  });

  it('stores the session encrypted under stored_data and reads it back after a reload', async () => {
    const session = makeSession({
      loggedUser: { id: 3, name: 'João Ção', email: 'joao@example.com', avatar: 'data:image/png;base64,AAAA' },
    });
    setSession(session);
    await sessionSaved();

    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(raw).toBeTruthy();
    expect(raw).not.toContain(session.token);
    expect(raw).not.toContain('joao@example.com');
    expect(raw).not.toContain('João');
    expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual(['data', 'iv', 'v']);

    await reload();
    expect(getSession()).toEqual(session);
  });

  it('uses a fresh IV for every write', async () => {
    setSession(makeSession());
    await sessionSaved();
    const first = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!) as { iv: string };
    setSession(makeSession());
    await sessionSaved();
    const second = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!) as { iv: string };
    expect(second.iv).not.toBe(first.iv);
  });

  it.each([
    ['plain JSON of an old client', JSON.stringify({ token: 'abc' })],
    ['garbage', 'not json at all'],
  ])('removes %s and stays signed out', async (_, raw) => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
    await loadSession();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('removes a session that was tampered with', async () => {
    setSession(makeSession());
    await sessionSaved();
    const sealed = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!) as {
      v: number;
      iv: string;
      data: string;
    };
    const bytes = atob(sealed.data);
    const flipped = String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1);
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...sealed, data: btoa(flipped) }));

    await reload();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('cannot read a session sealed with a key this browser no longer has', async () => {
    setSession(makeSession());
    await sessionSaved();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('tramita');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('deleteDatabase'));
    });
    await reload();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a clear that comes while a write is still encrypting', async () => {
    setSession(makeSession());
    clearSession();
    await sessionSaved();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('replaces the token and updates fields of the current session only', async () => {
    setToken('ignored-while-signed-out');
    expect(getToken()).toBeNull();

    setSession(makeSession({ token: 'first' }));
    setToken('second');
    updateSession({ loggedUser: { id: 7, name: 'Maria S.', email: 'm@example.com', avatar: '' } });
    expect(getSession()).toMatchObject({ token: 'second', loggedUser: { name: 'Maria S.' } });
    await sessionSaved();
    await reload();
    expect(getToken()).toBe('second');
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(makeSession());
    clearSession();
    unsubscribe();
    setSession(makeSession());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('follows another tab signing out', async () => {
    setSession(makeSession());
    await sessionSaved();
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    expect(getSession()).toBeNull();
  });

  it('does not let a late read of storage override a sign-in made meanwhile', async () => {
    const stored = makeSession({ token: 'stored' });
    setSession(stored);
    await sessionSaved();
    resetSessionForTests();
    resetSecureStorageForTests();
    const loading = loadSession();
    setSession(makeSession({ token: 'new' }));
    await loading;
    expect(getToken()).toBe('new');
  });
});
