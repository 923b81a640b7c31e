import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../test/renderApp';
import { makeSession, makeToken, nowS } from '../test/session';
import { getSession, SESSION_STORAGE_KEY, sessionSaved, setSession } from './session';

async function signedIn(change = {}) {
  setSession(makeSession(change));
  await sessionSaved();
}

describe('access guard (spec section 4)', () => {
  it('lets a complete session in', async () => {
    await signedIn();
    mockFetch({});
    const { router } = renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('sends a visitor without a session to the login page with next = the current path', async () => {
    mockFetch({});
    const { router } = renderApp('/app?tab=2#top');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/app?tab=2#top')}`);
  });

  it('keeps a next that is already present', async () => {
    mockFetch({});
    const { router } = renderApp('/app?next=%2Fruntime%2F3');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.search).toBe('?next=%2Fruntime%2F3');
  });

  it.each([
    ['an expired token', { token: makeToken({ iat: nowS() - 4000, exp: nowS() - 1 }) }],
    ['MFA enrolled but not passed', { platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false }],
    ['MFA not enrolled', { platformMFAEnabled: true, userMFAEnabled: false, mfaAuthenticated: false }],
  ])('signs out %s: the stored session is removed', async (_, change) => {
    await signedIn(change);
    mockFetch({});
    const { router } = renderApp('/app');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fapp');
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('signs out the moment the token expires while the page is open', async () => {
    // The clock is the test's: the guard's timer and Date move only when told,
    // so a slow first render of the shell cannot race the expiry.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      await signedIn({ token: makeToken({ exp: nowS() + 60 }) });
      mockFetch({});
      const { router } = renderApp('/app');
      expect(await screen.findByRole('heading', { name: 'Olá, Maria Souza' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app');
      await vi.advanceTimersByTimeAsync(62_000);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.search).toBe('?next=%2Fapp');
      expect(getSession()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
