import { nowInSeconds, tokenClaims } from '../app/token';

/** Spec section 9: a token issued more than this many seconds ago is renewed after the next successful call. */
export const TOKEN_RENEWAL_THRESHOLD_S = 600;

export interface TokenRenewalDeps {
  getToken: () => string | null;
  /** Whether the session may renew (the server renews only sessions that owe nothing, e.g. no pending second factor). */
  canRenew: () => boolean;
  /** GET /users/renewToken: the new token. */
  renew: () => Promise<string>;
  replaceToken: (token: string) => void;
  now: () => number;
}

/**
 * Returns the function the API client calls after every successful response.
 * It renews a stale token once: while a renewal runs, further calls join it
 * instead of starting another. A failed renewal changes nothing (a 401 is
 * handled by the client like any other); the next successful call tries again.
 */
export function createTokenRenewal(deps: TokenRenewalDeps): () => Promise<void> | undefined {
  let running: Promise<void> | undefined;
  return function renewIfStale() {
    if (running) return running;
    const token = deps.getToken();
    if (!token || !deps.canRenew()) return undefined;
    const iat = tokenClaims(token)?.iat;
    if (iat === undefined || nowInSeconds(deps.now()) - iat <= TOKEN_RENEWAL_THRESHOLD_S) return undefined;
    running = deps
      .renew()
      .then((fresh) => {
        // A sign-out or a new sign-in meanwhile wins over this renewal.
        if (fresh && deps.getToken() === token) deps.replaceToken(fresh);
      })
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
