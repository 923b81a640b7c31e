import { useEffect, useRef } from 'react';

/** How long a new page's heading is awaited: its chunk and its first data may take that long. */
const HEADING_WAIT_MS = 10_000;

/** The heading a page starts with: the first h1 of the main landmark, else of the document. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Focuses an element that is not in the tab order by itself (a heading, the main landmark). */
export function focusElement(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * After a navigation (a link, the sign-in, Escape out of a form) the focus moves to the new page's
 * h1, so a keyboard or screen reader user starts on the page instead of on the link left behind or
 * on the body. The first page of a visit is left alone.
 */
export function usePageFocus(pathname: string) {
  // The path the focus last went with (at first the visit's own): an effect run again for the same
  // path (React's strict mode) moves nothing.
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return undefined;
    settled.current = pathname;
    // Nothing on the page has it: it is on the body (the link followed is gone) or still in the
    // shell's bars and menus. A field the page focuses, a dialog, a tab of the page keep it.
    const unclaimed = () => {
      const active = document.activeElement;
      return !active || active === document.body || active.closest('header, nav, aside') !== null;
    };
    const tryFocus = () => {
      const heading = pageHeading();
      if (!heading) return false;
      if (unclaimed()) focusElement(heading);
      return true;
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
