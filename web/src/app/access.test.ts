import { describe, expect, it } from 'vitest';
import { makeSession, makeToken, nowS } from '../test/session';
import { afterLoginPath, safeNextPath, sessionOpensApp } from './access';
import { tokenExpired } from './token';

describe('afterLoginPath (spec section 2, After login)', () => {
  it.each([
    [
      'platform MFA off',
      { platformMFAEnabled: false, userMFAEnabled: false, mfaAuthenticated: false },
      '/runtime/4',
      '/runtime/4',
    ],
    ['platform MFA off, default next', { platformMFAEnabled: false }, null, '/app'],
    [
      'MFA enrolled, not yet passed',
      { platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false },
      '/runtime/4',
      '/validateMFA?next=%2Fruntime%2F4',
    ],
    [
      'MFA not enrolled',
      { platformMFAEnabled: true, userMFAEnabled: false, mfaAuthenticated: false },
      null,
      '/enableMFA?next=%2Fapp',
    ],
    [
      'MFA passed',
      { platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: true },
      '/runtime/4',
      '/runtime/4',
    ],
    ['an external next', { platformMFAEnabled: false }, 'https://evil.example/x', '/app'],
    [
      'an external next with MFA',
      { platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false },
      '//evil.example',
      '/validateMFA?next=%2Fapp',
    ],
  ])('%s', (_, change, next, expected) => {
    expect(afterLoginPath(makeSession(change), next)).toBe(expected);
  });
});

describe('sessionOpensApp (spec section 4, access guard)', () => {
  const now = Date.now();
  it.each([
    ['no session', null, false],
    ['a complete session', makeSession(), true],
    ['an expired token', makeSession({ token: makeToken({ exp: nowS() - 1 }) }), false],
    ['a token expiring this very second', makeSession({ token: makeToken({ exp: Math.floor(now / 1000) }) }), true],
    ['an unreadable token', makeSession({ token: 'opaque' }), false],
    [
      'MFA enrolled but not passed',
      makeSession({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: false }),
      false,
    ],
    [
      'MFA not enrolled',
      makeSession({ platformMFAEnabled: true, userMFAEnabled: false, mfaAuthenticated: true }),
      false,
    ],
    ['MFA passed', makeSession({ platformMFAEnabled: true, userMFAEnabled: true, mfaAuthenticated: true }), true],
  ])('%s', (_, session, expected) => {
    expect(sessionOpensApp(session, now)).toBe(expected);
  });

  it('compares the expiry in seconds', () => {
    const token = makeToken({ exp: 1000 });
    expect(tokenExpired(token, 1000 * 1000 + 999)).toBe(false);
    expect(tokenExpired(token, 1001 * 1000)).toBe(true);
  });
});

describe('safeNextPath', () => {
  it.each([
    [null, '/app'],
    ['', '/app'],
    ['/runtime/4?x=1', '/runtime/4?x=1'],
    ['https://evil.example', '/app'],
    ['//evil.example', '/app'],
    ['/\\evil.example', '/app'],
    ['/', '/app'],
    ['/login?next=/x', '/app'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
