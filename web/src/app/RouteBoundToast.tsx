import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { MaterialDesignContent, useSnackbar, type CustomContentProps } from 'notistack';
import { lastScreenChange, screenCount, subscribeScreens } from './routeScreens';

/** How long before a navigation a toast still counts as the next screen's. */
const LEAD_MS = 1500;

/**
 * A toast that leaves with the screen it was shown on (routeScreens.ts). Toasts are put in the
 * page's polite live region (SettingsGate), so a screen reader says them when it is done; notistack
 * makes each an alert as well, which interrupts: only errors and warnings keep that role.
 */
export const RouteBoundToast = forwardRef<HTMLDivElement, CustomContentProps>(function RouteBoundToast(props, ref) {
  const content = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => content.current!, []);
  const urgent = props.variant === 'error' || props.variant === 'warning';
  useLayoutEffect(() => {
    if (!urgent) content.current?.removeAttribute('role');
  }, [urgent]);
  const { closeSnackbar } = useSnackbar();
  const current = useSyncExternalStore(subscribeScreens, screenCount);
  const shown = useRef<{ screen: number; at: number } | null>(null);
  shown.current ??= { screen: current, at: Date.now() };
  useEffect(() => {
    const { screen, at } = shown.current!;
    if (current === screen) return;
    if (lastScreenChange() - at < LEAD_MS) {
      // Shown as the navigation started: it belongs to the screen now open.
      shown.current = { screen: current, at };
      return;
    }
    closeSnackbar(props.id);
  }, [current, closeSnackbar, props.id]);
  return <MaterialDesignContent ref={content} {...props} />;
});
