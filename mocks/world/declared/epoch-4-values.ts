import { PcFlag, Status, TENURE_CAUSES } from '../tables/kinds.ts';
import type { DeclaredWorld, EntryRef } from './plan.ts';

/** A value the real service's v9 added (epoch 4) in a world file's entry. */
export interface Epoch4Value {
  readonly ref: EntryRef;
  /** As the API writes it: `post_condition_mode originator`, `tx_status problematic_skipped`, … */
  readonly value: string;
}

const FLAGGED: readonly [number, string][] = [
  [PcFlag.Originator, 'post_condition_mode originator'],
  [PcFlag.Staking, 'a staking post-condition'],
  [PcFlag.Pox, 'a pox post-condition'],
  [PcFlag.MaybeSent, 'condition_code maybe_sent'],
];

/**
 * Every value of epoch 4 the file declares, in file order: a release older than v9 cannot decode
 * them (its codec and enums lack them), so it cannot import a chain that holds them.
 */
export function epoch4Values(world: DeclaredWorld): Epoch4Value[] {
  const found: Epoch4Value[] = [];
  for (const tx of [...world.transactions, ...world.mempool]) {
    for (const [flag, value] of FLAGGED) if (tx.pcFlags & flag) found.push({ ref: tx, value });
    if (tx.outcome === Status.ProblematicSkipped)
      found.push({ ref: tx, value: 'tx_status problematic_skipped' });
  }
  // `extended` (1) is older: Nakamoto's own.
  for (const t of world.tenureChanges)
    if (t.cause > 1) found.push({ ref: t, value: `tenure-change cause ${TENURE_CAUSES[t.cause]}` });
  return found.sort((a, b) => a.ref.line - b.ref.line);
}
