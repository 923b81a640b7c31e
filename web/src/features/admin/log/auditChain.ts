import type { AuditChain } from '../api';

/** What the integrity check found, as the audit log page shows it. */
export type ChainOutcome =
  | { state: 'valid'; entries: number; head: string }
  | { state: 'empty' }
  | {
      state: 'broken';
      /** Entries read before and including the broken one. */
      entries: number;
      /** The entry's id, place in the chain, time and kind; undefined when the server could not name it. */
      id?: number;
      seq?: number;
      at?: string;
      kind?: string;
      message: string;
    };

/**
 * Reads the verify route's answer. A valid chain with no entries has no head to keep, so it is its
 * own state; a broken one names its entry only by what the server knows of it (an entry written
 * outside the chain has no place, seq 0; a chain cut before its first entry names none, id 0).
 */
export function chainOutcome(chain: AuditChain): ChainOutcome {
  if (chain.valid)
    return chain.entries === 0 ? { state: 'empty' } : { state: 'valid', entries: chain.entries, head: chain.head };
  const broken = chain.firstBroken;
  return {
    state: 'broken',
    entries: chain.entries,
    id: broken && broken.id > 0 ? broken.id : undefined,
    seq: broken && broken.seq > 0 ? broken.seq : undefined,
    at: broken && broken.id > 0 ? broken.at : undefined,
    kind: broken?.kind || undefined,
    message: broken?.message ?? '',
  };
}

/** The head hash in groups of eight hex digits, for reading it aloud or comparing by eye; copied whole. */
export function hashGroups(head: string): string[] {
  return head.match(/.{1,8}/g) ?? [];
}
