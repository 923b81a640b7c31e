import { describe, expect, it } from 'vitest';
import { messageAge } from './age';

const now = Date.parse('2026-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('messageAge', () => {
  it.each([
    [0, 'seconds', 0],
    [59, 'seconds', 59],
    [60, 'minutes', 1],
    [3599, 'minutes', 59],
    [3600, 'hours', 1],
    [86_399, 'hours', 23],
    [86_400, 'days', 1],
    [29 * 86_400, 'days', 29],
    [30 * 86_400, 'months', 1],
    [364 * 86_400, 'months', 11],
    [365 * 86_400, 'years', 1],
    [800 * 86_400, 'years', 2],
  ])('%i s → %s', (seconds, unit, value) => {
    const age = messageAge(ago(seconds), now);
    expect(age).toEqual({ unit, value });
  });

  it('never goes negative for a clock ahead of ours', () => {
    expect(messageAge(new Date(now + 5000).toISOString(), now)).toEqual({ unit: 'seconds', value: 0 });
  });
});
