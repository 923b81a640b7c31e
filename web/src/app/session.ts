import { seal, secureStorageAvailable, unseal } from './secureStorage';

/**
 * The stored session (spec section 3): what the login result gives the client,
 * kept in memory and, encrypted (see secureStorage.ts), in localStorage under
 * 'stored_data' so a reload keeps the user signed in. The language is stored
 * apart, under 'language' (i18n/language.ts).
 *
 * Reading storage is asynchronous (decryption), so the store starts in
 * 'loading' and the app waits for 'ready' (SessionGate) before routing.
 * Writes change memory at once and reach storage a moment later; a newer
 * write or a clear always wins over an older write still being encrypted.
 */
export const SESSION_STORAGE_KEY = 'stored_data';

export interface LoggedUser {
  id: number;
  name: string;
  email: string;
  /** An image data URL, or empty. */
  avatar: string;
}

export interface StoredSession {
  token: string;
  platformMFAEnabled: boolean;
  userMFAEnabled: boolean;
  mfaAuthenticated: boolean;
  hasPanelAdminPermission: boolean;
  isAdministratorLogged: boolean;
  loggedUser: LoggedUser;
  hasChangePasswordPermission: boolean;
}

export type SessionSnapshot = { status: 'loading'; session: null } | { status: 'ready'; session: StoredSession | null };

type Listener = () => void;

const LOADING: SessionSnapshot = { status: 'loading', session: null };

let snapshot: SessionSnapshot = LOADING;
let loadPromise: Promise<void> | undefined;
/** Bumped by every change; an asynchronous read or write applies only if it is still current. */
let generation = 0;
let lastWrite: Promise<void> = Promise.resolve();
const listeners = new Set<Listener>();

function publish(session: StoredSession | null): void {
  snapshot = { status: 'ready', session };
  for (const listener of listeners) listener();
}

/** Reads the stored session once; later calls return the same promise. */
export function loadSession(): Promise<void> {
  loadPromise ??= readStored(generation).then(({ session, current }) => {
    if (current() && snapshot.status === 'loading') publish(session);
  });
  return loadPromise;
}

async function readStored(startedAt: number): Promise<{ session: StoredSession | null; current: () => boolean }> {
  const current = () => generation === startedAt;
  const raw = readRaw();
  if (!raw) return { session: null, current };
  try {
    if (!secureStorageAvailable()) throw new Error('no secure storage');
    const session = normalizeSession(await unseal(raw));
    if (!session) throw new Error('not a session');
    return { session, current };
  } catch {
    // Foreign, tampered with, or sealed with a key this browser no longer has: signed out.
    if (current() && readRaw() === raw) removeRaw();
    return { session: null, current };
  }
}

export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): StoredSession | null {
  return snapshot.session;
}

export function getToken(): string | null {
  return snapshot.session?.token || null;
}

/** Stores a new session (a successful sign-in or second factor). */
export function setSession(session: StoredSession): void {
  generation++;
  publish(session);
  persist(session);
}

/**
 * Stores the session of a sign-in (or second factor) in storage first and only
 * then publishes it: the login page follows the published session to /app at
 * once, and a reload right after must find the session already written.
 */
export async function startSession(session: StoredSession): Promise<void> {
  const at = ++generation;
  if (secureStorageAvailable()) {
    const write = seal(session)
      .then((text) => {
        if (at === generation) writeRaw(text);
      })
      .catch((error: unknown) => console.error('The session could not be stored', error));
    lastWrite = write;
    await write;
  } else {
    removeRaw(); // never leave an older session readable; this one lasts for the page only
  }
  if (at === generation) publish(session);
}

/** Replaces the token of the current session (token renewal); nothing happens when signed out. */
export function setToken(token: string): void {
  const session = snapshot.session;
  if (session) setSession({ ...session, token });
}

/** Changes fields of the current session (e.g. the profile: name, e-mail, avatar). */
export function updateSession(change: Partial<StoredSession>): void {
  const session = snapshot.session;
  if (session) setSession({ ...session, ...change });
}

/** Forgets the session in memory and in storage. */
export function clearSession(): void {
  generation++;
  removeRaw();
  publish(null);
}

/** Resolves when the last write has reached storage (tests, and sign-out before a reload). */
export function sessionSaved(): Promise<void> {
  return lastWrite;
}

function persist(session: StoredSession): void {
  const at = generation;
  if (!secureStorageAvailable()) {
    removeRaw(); // never leave an older session readable; this one lasts for the page only
    return;
  }
  lastWrite = seal(session)
    .then((text) => {
      if (at === generation) writeRaw(text);
    })
    .catch((error: unknown) => console.error('The session could not be stored', error));
}

/** Another tab signed in, renewed or signed out: follow it. */
function onStorage(event: StorageEvent): void {
  if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
  const at = ++generation;
  if (!event.newValue) {
    publish(null);
    return;
  }
  void readStored(at).then(({ session, current }) => {
    if (current()) publish(session);
  });
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

/** Back to the state of a fresh page; tests call it between cases. */
export function resetSessionForTests(): void {
  generation++;
  snapshot = LOADING;
  loadPromise = undefined;
  lastWrite = Promise.resolve();
}

/**
 * The session from a stored or received object: every field of spec section 3,
 * with the right types, or undefined when there is no token.
 */
export function normalizeSession(raw: unknown): StoredSession | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const input = raw as Record<string, unknown>;
  if (typeof input.token !== 'string' || !input.token) return undefined;
  const user = (typeof input.loggedUser === 'object' && input.loggedUser !== null ? input.loggedUser : {}) as Record<
    string,
    unknown
  >;
  return {
    token: input.token,
    platformMFAEnabled: input.platformMFAEnabled === true,
    userMFAEnabled: input.userMFAEnabled === true,
    mfaAuthenticated: input.mfaAuthenticated === true,
    hasPanelAdminPermission: input.hasPanelAdminPermission === true,
    isAdministratorLogged: input.isAdministratorLogged === true,
    loggedUser: {
      id: typeof user.id === 'number' ? user.id : Number(user.id) || 0,
      name: typeof user.name === 'string' ? user.name : '',
      email: typeof user.email === 'string' ? user.email : '',
      avatar: typeof user.avatar === 'string' ? user.avatar : '',
    },
    hasChangePasswordPermission: input.hasChangePasswordPermission === true,
  };
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeRaw(text: string): void {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, text);
  } catch {
    // Storage full or unavailable: the session lasts for this page only.
  }
}

function removeRaw(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
