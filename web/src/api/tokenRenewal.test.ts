import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setSession } from '../app/session';
import { makeSession, makeToken } from '../test/session';
import { api } from './client';
import { createTokenRenewal, TOKEN_RENEWAL_THRESHOLD_S } from './tokenRenewal';

const T0 = 1_750_000_000; // seconds

function setup(iat: number, { canRenew = true } = {}) {
  let token: string | null = makeToken({ iat, exp: iat + 3600 });
  let release: (value: string) => void = () => undefined;
  const renew = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
  let now = T0 * 1000;
  const renewIfStale = createTokenRenewal({
    getToken: () => token,
    canRenew: () => canRenew,
    renew,
    replaceToken: (fresh) => (token = fresh),
    now: () => now,
  });
  return {
    renewIfStale,
    renew,
    release: (value: string) => release(value),
    token: () => token,
    setNow: (seconds: number) => (now = seconds * 1000),
    signOut: () => (token = null),
  };
}

describe('token renewal timing', () => {
  it('does nothing while the token is 600 s old or younger', () => {
    const renewal = setup(T0 - TOKEN_RENEWAL_THRESHOLD_S);
    expect(renewal.renewIfStale()).toBeUndefined();
    expect(renewal.renew).not.toHaveBeenCalled();
  });

  it('renews once the token is more than 600 s old, and replaces it', async () => {
    const renewal = setup(T0 - TOKEN_RENEWAL_THRESHOLD_S - 1);
    const running = renewal.renewIfStale();
    expect(renewal.renew).toHaveBeenCalledTimes(1);
    renewal.release('fresh');
    await running;
    expect(renewal.token()).toBe('fresh');
  });

  it('runs one renewal at a time', async () => {
    const renewal = setup(T0 - 700);
    const first = renewal.renewIfStale();
    const second = renewal.renewIfStale();
    const third = renewal.renewIfStale();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(renewal.renew).toHaveBeenCalledTimes(1);
    renewal.release('fresh');
    await first;
  });

  it('counts age from the token being used, moving with the clock', () => {
    const renewal = setup(T0);
    renewal.setNow(T0 + 600);
    expect(renewal.renewIfStale()).toBeUndefined();
    renewal.setNow(T0 + 601);
    expect(renewal.renewIfStale()).toBeDefined();
  });

  it('does not renew a session that still owes the second factor', () => {
    const renewal = setup(T0 - 7200, { canRenew: false });
    expect(renewal.renewIfStale()).toBeUndefined();
  });

  it('keeps a sign-out that happens while renewing', async () => {
    const renewal = setup(T0 - 700);
    const running = renewal.renewIfStale();
    renewal.signOut();
    renewal.release('fresh');
    await running;
    expect(renewal.token()).toBeNull();
  });
});

describe('token renewal through the API client', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  function stubServer() {
    const fresh = makeToken({ iat: Math.floor(Date.now() / 1000) });
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/users/renewToken')) return Response.json({ token: fresh });
      return Response.json({ ok: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const renewCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/users/renewToken'));
    return { fresh, fetchMock, renewCalls };
  }

  it('after a successful call with a token older than 600 s, renews it once and stores the new one', async () => {
    const old = makeToken({ iat: Math.floor(Date.now() / 1000) - 601 });
    setSession(makeSession({ token: old }));
    const { fresh, fetchMock, renewCalls } = stubServer();

    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(getToken()).toBe(fresh));
    expect(renewCalls()).toHaveLength(1);
    const [, init] = renewCalls()[0]!;
    expect(new Headers(init!.headers).get('Authorization')).toBe(`Bearer ${old}`);

    await api.get('/d'); // the new token is young: no further renewal
    expect(renewCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('leaves a young token alone', async () => {
    setSession(makeSession({ token: makeToken({ iat: Math.floor(Date.now() / 1000) - 600 }) }));
    const { renewCalls } = stubServer();
    await api.get('/a');
    expect(renewCalls()).toHaveLength(0);
  });

  it('does not renew a token that still owes the second factor', async () => {
    setSession(
      makeSession({
        token: makeToken({ iat: Math.floor(Date.now() / 1000) - 900 }),
        platformMFAEnabled: true,
        userMFAEnabled: true,
        mfaAuthenticated: false,
      }),
    );
    const { renewCalls } = stubServer();
    await api.get('/a');
    expect(renewCalls()).toHaveLength(0);
  });
});
