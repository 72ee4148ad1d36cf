import { readWord } from '../hex.ts';
import { BlockKey } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';
import { poxBitcoinAddress } from './pox-address.ts';
import { cycleOf } from './pox.ts';
import type { RewardCycle } from './reward-sets.ts';

/** One PoX payout of a burn block: a reward slot holder paid by the block's commitments. */
export interface BurnchainReward {
  readonly recipient: string;
  /** Satoshis. */
  readonly amount: number;
}

/** What a burn block pays and burns under PoX, as a stacks-node announces it in `/new_burn_block`. */
export interface BurnchainPayouts {
  readonly burnHeight: number;
  /** Row of the first Stacks block on the burn block: where its hash is kept. */
  readonly row: number;
  /** The Bitcoin addresses that validly receive this block's commitments, by slot index. */
  readonly slotHolders: readonly string[];
  /** What the commitments paid them, by reward index. */
  readonly rewards: readonly BurnchainReward[];
  /** Satoshis the commitments burnt. */
  readonly burnAmount: number;
}

/** Outputs of a block commitment that pay reward slots, as on the real chain. */
const PAID_SLOTS = 2;
/** What the miners commit to one output, in satoshis: a floor and a spread drawn per burn block. */
const COMMIT_FLOOR = 10_000;
const COMMIT_SPREAD = 190_000;

/**
 * The PoX payouts of every burn block of the world, oldest first, derived from its burn block
 * hash and the reward set of its cycle (`rewardCycles`), so a reorg that drops burn blocks drops
 * their payouts. In a cycle's reward phase the block's two slots are drawn from the set, each
 * lock holding its stacked amount in units of the cycle's threshold, and each is paid what the
 * commitments put on one output; a set of one slot pays it once and the other output burns; an
 * empty set burns both. In the prepare phase (the cycle's last burn blocks) nothing is paid and
 * the commitments burn.
 */
export function burnchainPayouts(chain: Chain, cycles: readonly RewardCycle[]): BurnchainPayouts[] {
  const { poxCycleLength: length, poxPrepareLength: prepare } = chain.net;
  const slotsOf = new Map(cycles.map((c) => [c.cycle, rewardSlots(chain, c)]));
  const b = chain.blocks;
  const hash = new Uint8Array(32);
  const payouts: BurnchainPayouts[] = [];
  for (let row = 0; row < b.count; row++) {
    const burnHeight = b.burnHeight[row] as number;
    if (row > 0 && b.burnHeight[row - 1] === burnHeight) continue;
    b.bytes(BlockKey.BurnHash, row, hash);
    const commit = COMMIT_FLOOR + (readWord(hash, 8) % COMMIT_SPREAD);
    const prepared = burnHeight % length >= length - prepare;
    const slots = prepared ? undefined : slotsOf.get(cycleOf(burnHeight, length));
    const slotHolders = pickSlots(slots, readWord(hash, 0), readWord(hash, 4));
    payouts.push({
      burnHeight,
      row,
      slotHolders,
      rewards: slotHolders.map((recipient) => ({ recipient, amount: commit })),
      burnAmount: (PAID_SLOTS - slotHolders.length) * commit,
    });
  }
  return payouts;
}

/**
 * A cycle's reward slots in the set's order: each lock's address, once per threshold it stacks.
 * Kept as each address's running slot count, so a lock of many thresholds costs one entry.
 */
interface RewardSlots {
  readonly addresses: readonly string[];
  /** Slots up to and including each address's. */
  readonly through: readonly number[];
  readonly count: number;
}

function rewardSlots(chain: Chain, cycle: RewardCycle): RewardSlots {
  const addresses: string[] = [];
  const through: number[] = [];
  let count = 0;
  for (const signer of cycle.signers)
    for (const tx of signer.locks) {
      const slots = Math.floor(Number(chain.txs.amount.at(tx)) / cycle.threshold);
      if (slots === 0) continue;
      count += slots;
      addresses.push(poxBitcoinAddress(chain, tx));
      through.push(count);
    }
  return { addresses, through, count };
}

/** The address holding slot `slot`: the first whose running count passes it. */
function holderOf(slots: RewardSlots, slot: number): string {
  let lo = 0;
  let hi = slots.through.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((slots.through[mid] as number) > slot) hi = mid;
    else lo = mid + 1;
  }
  return slots.addresses[lo] as string;
}

/** Two distinct slots of the set, drawn by two words of the burn block's hash (fewer from a smaller set). */
function pickSlots(slots: RewardSlots | undefined, first: number, second: number): string[] {
  if (!slots || slots.count === 0) return [];
  if (slots.count < PAID_SLOTS) return [holderOf(slots, 0)];
  const i = first % slots.count;
  const j = (i + 1 + (second % (slots.count - 1))) % slots.count;
  return [holderOf(slots, i), holderOf(slots, j)];
}
