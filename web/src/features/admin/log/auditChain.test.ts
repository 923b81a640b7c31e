import { describe, expect, it } from 'vitest';
import { chainOutcome, hashGroups } from './auditChain';

const HEAD = 'a'.repeat(56) + '0123beef';

describe('the audit chain check', () => {
  it('reads a valid chain with its head, and an empty log as nothing to verify', () => {
    expect(chainOutcome({ valid: true, entries: 42, head: HEAD, firstBroken: null })).toEqual({
      state: 'valid',
      entries: 42,
      head: HEAD,
    });
    expect(chainOutcome({ valid: true, entries: 0, head: '', firstBroken: null })).toEqual({ state: 'empty' });
  });

  it('names the first broken entry by its place, time and kind, with the server message', () => {
    const broken = {
      id: 17,
      seq: 9,
      at: '2026-11-23T10:00:00Z',
      kind: 'admin.user.updated',
      reason: 'audit.chain.altered',
      message: 'O conteúdo ou o hash do registro foi alterado.',
    };
    expect(chainOutcome({ valid: false, entries: 9, head: '', firstBroken: broken })).toEqual({
      state: 'broken',
      entries: 9,
      id: 17,
      seq: 9,
      at: broken.at,
      kind: 'admin.user.updated',
      message: broken.message,
    });
  });

  it('leaves out what the server cannot name: no place for an unchained entry, no entry when the chain is cut before the first', () => {
    const unchained = chainOutcome({
      valid: false,
      entries: 3,
      head: '',
      firstBroken: {
        id: 5,
        seq: 0,
        at: '2026-11-23T10:00:00Z',
        kind: 'signin.success',
        reason: 'audit.chain.unchained',
        message: 'fora',
      },
    });
    expect(unchained).toMatchObject({ state: 'broken', id: 5, seq: undefined, kind: 'signin.success' });
    const cut = chainOutcome({
      valid: false,
      entries: 0,
      head: '',
      firstBroken: {
        id: 0,
        seq: 0,
        at: '0001-01-01T00:00:00Z',
        kind: '',
        reason: 'audit.chain.truncated',
        message: 'removidos',
      },
    });
    expect(cut).toEqual({
      state: 'broken',
      entries: 0,
      id: undefined,
      seq: undefined,
      at: undefined,
      kind: undefined,
      message: 'removidos',
    });
  });

  it('shows the head in groups of eight, every digit kept', () => {
    const groups = hashGroups(HEAD);
    expect(groups).toHaveLength(8);
    expect(groups.at(-1)).toBe('0123beef');
    expect(groups.join('')).toBe(HEAD);
  });
});
