/**
 * Toasts belong to the screen they were shown on: leaving it dismisses them (issue 21), so a
 * message about the list does not sit over the next screen. The router's root counts the
 * screens the user went to; a toast notes the count when it appears and leaves when it changes.
 * A toast shown just before a navigation (a save that opens the saved item) is about the screen
 * it leads to, so it stays for that one.
 */
let screens = 0;
let changedAt = 0;
const listeners = new Set<() => void>();

/** Called by the router's root when the path changes. */
export function screenChanged(): void {
  screens += 1;
  changedAt = Date.now();
  listeners.forEach((listener) => listener());
}

export function subscribeScreens(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many screens the user went to, and when the last change came. */
export const screenCount = () => screens;
export const lastScreenChange = () => changedAt;
