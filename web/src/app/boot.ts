import { loadSession } from './session';

// main.tsx's first import, so this runs before the rest of the app's modules are evaluated: reading
// the stored session (IndexedDB and decryption, work outside the page's thread) overlaps with that
// evaluation instead of starting after it. Everything signed-in waits for it.
void loadSession();
