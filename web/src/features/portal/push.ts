import { useEffect } from 'react';
import { api } from '../../api/client';
import { clearSession } from '../../app/session';
import { useSettings } from '../../app/settings';

/** The VAPID public key (base64url) as the bytes applicationServerKey wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The device name of spec section 4: platform, app name and vendor. */
export function deviceName(nav: Pick<Navigator, 'platform' | 'appName' | 'vendor'>): string {
  return [nav.platform, nav.appName, nav.vendor].filter(Boolean).join(' ');
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * Registers /sw.js, subscribes with the server's key and registers the
 * device (spec section 4). Only after the user granted notifications.
 */
export async function registerPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const key = await api.get<string>('/message/getVapidPublicKey');
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key),
    });
  }
  await api.post('/message/createDevice', {
    deviceName: deviceName(navigator),
    pushEndpoint: subscription.endpoint,
    pushP256DH: bytesToBase64Url(subscription.getKey('p256dh')),
    pushAuth: bytesToBase64Url(subscription.getKey('auth')),
  });
}

/** Asks for notification permission (needs a click) and registers on a grant. */
export async function enableNotifications(): Promise<NotificationPermission> {
  if (!pushSupported()) return 'denied';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await registerPush();
  return permission;
}

/**
 * In the shell: registers the device when permission is already granted, and
 * applies a new service-worker version (spec section 4): the new worker takes
 * over at once (skipWaiting, clients.claim), and then the stored session is
 * removed and the page reloads, so the user signs in again on the new
 * version. It happens only when sw.js itself changes, not on every deploy:
 * the browser compares the worker's bytes.
 */
export function usePush() {
  const { brand } = useSettings();
  useEffect(() => {
    if (!pushSupported() || Notification.permission !== 'granted') return undefined;
    registerPush().catch((error: unknown) => console.error('Push registration failed', error));
    let reloading = false;
    const onChange = () => {
      if (reloading) return;
      reloading = true;
      clearSession();
      window.location.reload();
    };
    const hadController = navigator.serviceWorker.controller !== null;
    if (hadController) navigator.serviceWorker.addEventListener('controllerchange', onChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, [brand]);
}
