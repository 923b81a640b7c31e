import { describe, expect, it } from 'vitest';
import { bytesToGigabytes, gigabytesToBytes, parseLimit, usageShare } from './usage';

describe('plan usage', () => {
  it('answers the share of a limit used, none without a limit', () => {
    expect(usageShare(5, 10)).toBe(50);
    expect(usageShare(12, 10)).toBe(100);
    expect(usageShare(5, null)).toBeUndefined();
    expect(usageShare(0, 0)).toBe(100);
  });

  it('reads limits: empty is unlimited, anything else must be a whole number', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('250')).toBe(250);
    expect(parseLimit('2.5')).toBeUndefined();
    expect(parseLimit('-1')).toBeUndefined();
  });

  it('types storage in GB and keeps bytes', () => {
    expect(gigabytesToBytes('1,5')).toBe(1.5 * 1024 ** 3);
    expect(gigabytesToBytes('')).toBeNull();
    expect(gigabytesToBytes('x')).toBeUndefined();
    expect(bytesToGigabytes(10 * 1024 ** 3)).toBe('10');
    expect(bytesToGigabytes(null)).toBe('');
  });
});
