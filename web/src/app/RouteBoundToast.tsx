import { forwardRef, useEffect, useRef, useSyncExternalStore } from 'react';
import { MaterialDesignContent, useSnackbar, type CustomContentProps } from 'notistack';
import { lastScreenChange, screenCount, subscribeScreens } from './routeScreens';

/** How long before a navigation a toast still counts as the next screen's. */
const LEAD_MS = 1500;

/** A toast that leaves with the screen it was shown on (routeScreens.ts). */
export const RouteBoundToast = forwardRef<HTMLDivElement, CustomContentProps>(function RouteBoundToast(props, ref) {
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
  return <MaterialDesignContent ref={ref} {...props} />;
});
