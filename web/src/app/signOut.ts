import { api } from '../api/client';
import { clearSession, getToken } from './session';

/**
 * Signs out: forgets the stored session at once (the screen can move on) and
 * tells the server to end it. Signing out never fails from the user's side.
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  clearSession();
  if (!token) return;
  try {
    await api.post('/users/logout', undefined, { token, redirectOnUnauthorized: false });
  } catch {
    // The session ends anyway when its token expires.
  }
}
