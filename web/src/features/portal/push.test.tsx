import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../app/session';
import { DEFAULT_SETTINGS, SettingsContext } from '../../app/settings';
import { makeSession } from '../../test/session';
import { deviceName, usePush } from './push';

describe('deviceName', () => {
  it('is platform, app name and vendor', () => {
    expect(deviceName({ platform: 'Linux x86_64', appName: 'Netscape', vendor: 'Google Inc.' })).toBe(
      'Linux x86_64 Netscape Google Inc.',
    );
    expect(deviceName({ platform: 'MacIntel', appName: 'Netscape', vendor: '' })).toBe('MacIntel Netscape');
  });
});

describe('usePush: a new service worker (spec section 4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('removes the stored session and reloads once the new worker takes over', async () => {
    setSession(makeSession());
    const listeners: Record<string, () => void> = {};
    const serviceWorker = {
      controller: {},
      ready: Promise.resolve(),
      // The registration itself is not what this test is about: it fails quietly.
      register: vi.fn(() => Promise.reject(new Error('no worker in jsdom'))),
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
      removeEventListener: vi.fn(),
    };
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SettingsContext value={DEFAULT_SETTINGS}>{children}</SettingsContext>
    );

    const { unmount } = renderHook(() => usePush(), { wrapper });
    await waitFor(() => expect(listeners.controllerchange).toBeDefined());
    expect(getSession()).not.toBeNull();
    listeners.controllerchange!();
    expect(getSession()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    listeners.controllerchange!();
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
