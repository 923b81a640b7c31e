/** The claims of the session token the client reads (the server checks the signature, never the client). */
export interface TokenClaims {
  /** Issued at, in seconds since the epoch. */
  iat?: number;
  /** Expiry, in seconds since the epoch. */
  exp?: number;
}

/** Reads a JWT's payload; undefined when the token is not a readable JWT. */
export function tokenClaims(token: string | null | undefined): TokenClaims | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const parsed: unknown = JSON.parse(atob(base64));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { iat, exp } = parsed as Record<string, unknown>;
    return { iat: typeof iat === 'number' ? iat : undefined, exp: typeof exp === 'number' ? exp : undefined };
  } catch {
    return undefined;
  }
}

/** Now, in whole seconds: token times are compared in seconds (spec section 9). */
export function nowInSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}

/** Whether the token is missing, unreadable, without expiry, or expired (spec section 4). */
export function tokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  const exp = tokenClaims(token)?.exp;
  return exp === undefined || exp < nowInSeconds(now);
}
