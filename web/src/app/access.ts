/** Where a user goes after signing in when no next parameter is given (spec sections 2 and 9). */
export const DEFAULT_AFTER_LOGIN = '/app';

/**
 * The next query parameter when it is a path inside this site; anything else
 * (absolute URLs, protocol-relative '//host', backslash tricks) is replaced by
 * the default, so the login page cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return DEFAULT_AFTER_LOGIN;
  const value = next.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_AFTER_LOGIN;
  if (/^\/(login|runtime)?\/?([?#]|$)/.test(value)) return DEFAULT_AFTER_LOGIN; // back to the login page itself
  return value;
}
