/**
 * Encryption of what the app keeps in localStorage (the stored session).
 *
 * Values are sealed with AES-GCM (256-bit key, random 96-bit IV per write).
 * The key is generated in the browser as non-extractable and kept in
 * IndexedDB: script can use it but never read its bytes, and it never leaves
 * this origin. What this protects: the session cannot be read (or forged) by
 * looking at, copying or editing localStorage alone, e.g. in a profile backup,
 * a synced storage dump or the developer tools. What it does not protect: any
 * script running in the page (an XSS) can ask the same key to decrypt, and
 * anyone with the whole browser profile has the key too. The server-side
 * session checks remain the real protection.
 */

const DB_NAME = 'tramita';
const DB_VERSION = 1;
const KEY_STORE = 'keys';
const KEY_ID = 'storage';
const FORMAT_VERSION = 1;

interface Sealed {
  v: number;
  iv: string;
  data: string;
}

let keyPromise: Promise<CryptoKey> | undefined;

/** Whether this browser can encrypt storage at all (WebCrypto and IndexedDB). */
export function secureStorageAvailable(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && typeof crypto.subtle !== 'undefined';
}

/** Encrypts a JSON-serialisable value into the text stored in localStorage. */
export async function seal(value: unknown): Promise<string> {
  const key = await storageKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  return JSON.stringify({ v: FORMAT_VERSION, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) } satisfies Sealed);
}

/** Decrypts what seal produced. Throws when the text is foreign, tampered with, or the key is gone. */
export async function unseal(text: string): Promise<unknown> {
  const sealed = JSON.parse(text) as Partial<Sealed>;
  if (sealed.v !== FORMAT_VERSION || typeof sealed.iv !== 'string' || typeof sealed.data !== 'string') {
    throw new Error('not a sealed value');
  }
  const key = await storageKey();
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

/** Forgets the cached key; tests use it after replacing IndexedDB. */
export function resetSecureStorageForTests(): void {
  keyPromise = undefined;
}

function storageKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey().catch((error: unknown) => {
    keyPromise = undefined; // a later call may succeed (e.g. a transient IndexedDB error)
    throw error;
  });
  return keyPromise;
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  // Every page load reads the key before anything signed-in can render: a read-only look first,
  // which commits nothing; a key is made only when none is stored yet.
  const db = await openDatabase();
  try {
    const stored = await new Promise<unknown>((resolve, reject) => {
      const read = db.transaction(KEY_STORE, 'readonly').objectStore(KEY_STORE).get(KEY_ID);
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
    });
    if (isCryptoKeyLike(stored)) return stored as CryptoKey;
  } finally {
    db.close();
  }
  return createKey();
}

async function createKey(): Promise<CryptoKey> {
  // Generated before the transaction: an IndexedDB transaction commits as soon
  // as it waits on anything else. Inside it, an existing key (another tab may
  // have just made one) wins over the new one.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const db = await openDatabase();
  try {
    return await new Promise<CryptoKey>((resolve, reject) => {
      const tx = db.transaction(KEY_STORE, 'readwrite');
      const store = tx.objectStore(KEY_STORE);
      let key: CryptoKey = fresh;
      const read = store.get(KEY_ID);
      read.onsuccess = () => {
        if (isCryptoKeyLike(read.result)) key = read.result as CryptoKey;
        else store.put(fresh, KEY_ID);
      };
      tx.oncomplete = () => resolve(key);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** A stored CryptoKey (checked by shape: in tests it may come from another realm). */
function isCryptoKeyLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'algorithm' in value && 'usages' in value;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KEY_STORE)) request.result.createObjectStore(KEY_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
