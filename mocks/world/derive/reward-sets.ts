import { addAmounts, compareAmounts, type Amount } from '../amount.ts';
import { burnHeightAt, tipHeight, type Chain } from '../tables/chain.ts';
import { Action, Status } from '../tables/kinds.ts';
import { cycleOf, signerKeyOf, signerPrivateKeyOf } from './pox.ts';

/** One signer of a cycle's reward set: the locks that named its key, summed. */
export interface RewardSigner {
  readonly signingKey: string;
  /** Micro-STX its locks hold for the cycle. */
  readonly stacked: Amount;
  /** Reward slots: its stacked amount in units of the cycle's threshold. */
  readonly weight: number;
  /** The principals of its locks (each a solo stacker). */
  readonly stackers: readonly number[];
  /** Its locks: the rows of their stack-stx transactions, in the order of `stackers`. */
  readonly locks: readonly number[];
}

/** A PoX reward cycle whose signer set the world fixes, with the block that fixed it. */
export interface RewardCycle {
  readonly cycle: number;
  /** Height of the block that fixed the set. */
  readonly height: number;
  /** Ordered as the real service lists them: weight, stacked amount (both descending), then key. */
  readonly signers: readonly RewardSigner[];
  readonly totalWeight: number;
  readonly totalStacked: Amount;
  /** Micro-STX a reward slot takes: the smallest lock, in whole STX (at least one). */
  readonly threshold: number;
}

interface Lock {
  readonly tx: number;
  readonly height: number;
  readonly first: number;
  readonly last: number;
}

const MICRO_STX = 1_000_000;

/**
 * The reward cycles of the world, oldest first: every cycle from the one holding the first
 * block's burn block to the one after the tip's. A cycle's set is fixed by the first block of its
 * prepare phase; a cycle whose prepare phase the chain has not reached is fixed, so far, by the
 * block of the last lock for it (and is left out when none is). Its signers are the successful
 * stack-stx locks mined by then that span it: a lock at burn height `b` for `p` cycles spans the
 * `p` cycles after `b`'s, as `unlockBurnHeight` counts them. A signer's weight is its amount in
 * units of the cycle's smallest lock, in whole STX.
 */
export function rewardCycles(chain: Chain): RewardCycle[] {
  const tip = tipHeight(chain);
  if (tip < 1) return [];
  const { poxCycleLength: length, poxPrepareLength: prepare } = chain.net;
  const locks = stackingLocks(chain, length);
  const firstCycle = cycleOf(burnHeightAt(chain, 1), length);
  const lastCycle = cycleOf(burnHeightAt(chain, tip), length) + 1;
  const cycles: RewardCycle[] = [];
  for (let cycle = firstCycle; cycle <= lastCycle; cycle++) {
    const spanning = locks.filter((l) => l.first <= cycle && cycle <= l.last);
    const height =
      firstBlockAtBurn(chain, cycle * length - prepare) ??
      (spanning.length > 0 ? Math.max(...spanning.map((l) => l.height)) : undefined);
    if (height === undefined) continue;
    cycles.push(
      cycleOfLocks(
        chain,
        cycle,
        height,
        spanning.filter((l) => l.height <= height),
      ),
    );
  }
  return cycles;
}

function stackingLocks(chain: Chain, length: number): Lock[] {
  const t = chain.txs;
  const locks: Lock[] = [];
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    if (t.action[tx] !== Action.StackStx || t.status[tx] !== Status.Success) continue;
    const height = t.height[tx] as number;
    const cycle = cycleOf(burnHeightAt(chain, height), length);
    locks.push({ tx, height, first: cycle + 1, last: cycle + t.aux.at(tx) });
  }
  return locks;
}

/** The first block whose burn height is at least `burnHeight`, if the chain has reached it. */
function firstBlockAtBurn(chain: Chain, burnHeight: number): number | undefined {
  const b = chain.blocks;
  for (let row = 0; row < b.count; row++) if ((b.burnHeight[row] as number) >= burnHeight) return row + 1;
  return undefined;
}

function cycleOfLocks(chain: Chain, cycle: number, height: number, locks: readonly Lock[]): RewardCycle {
  const t = chain.txs;
  // Grouped by the signer's private key, which names the same signer as its public key without
  // the curve arithmetic (a millisecond a key, more for the first): a key is derived only when
  // an answer shows it, not when the start banner counts a cycle's signers.
  const byKey = new Map<string, { stacked: Amount; stackers: number[]; locks: number[] }>();
  for (const l of locks) {
    const key = signerPrivateKeyOf(t, l.tx);
    const entry = byKey.get(key) ?? { stacked: 0, stackers: [], locks: [] };
    entry.stacked = addAmounts(entry.stacked, t.amount.at(l.tx));
    entry.stackers.push(t.sender[l.tx] as number);
    entry.locks.push(l.tx);
    byKey.set(key, entry);
  }
  // Slots and weights are counts, far below 2^53: computed on doubles.
  const smallest = Math.min(...locks.map((l) => Number(t.amount.at(l.tx))));
  const threshold = Math.max(MICRO_STX, Math.floor(smallest / MICRO_STX) * MICRO_STX);
  const signers = [...byKey.values()].map((e): RewardSigner => ({
    get signingKey() {
      return signerKeyOf(t, e.locks[0] as number);
    },
    stacked: e.stacked,
    weight: Math.floor(Number(e.stacked) / threshold),
    stackers: e.stackers,
    locks: e.locks,
  }));
  signers.sort(
    (a, b) =>
      b.weight - a.weight ||
      compareAmounts(b.stacked, a.stacked) ||
      (a.signingKey < b.signingKey ? -1 : a.signingKey > b.signingKey ? 1 : 0),
  );
  return {
    cycle,
    height,
    signers,
    totalWeight: signers.reduce((sum, s) => sum + s.weight, 0),
    totalStacked: signers.reduce<Amount>((sum, s) => addAmounts(sum, s.stacked), 0),
    threshold,
  };
}
