import type { Chain } from '../tables/chain.ts';
import { grow } from '../tables/grow.ts';

/** Blocks before a miner's reward counts in its balance, as on the real chain. */
export const REWARD_MATURITY = 100;

/** One miner's blocks: the height at which each reward matures, and the running total by then. */
interface MinerEntry {
  count: number;
  matureHeights: Uint32Array;
  totals: Float64Array;
}

/**
 * Per miner, the running total of its rewards by the height at which each matures: in typed
 * arrays, since together they hold an entry per block.
 */
export class MinerRewards {
  private readonly byMiner = new Map<number, MinerEntry>();
  private rows = 0;

  constructor(private readonly chain: Chain) {
    this.extend();
  }

  /** Takes in the blocks appended since. */
  extend(): void {
    const b = this.chain.blocks;
    this.reserve(this.rows, b.count);
    for (let row = this.rows; row < b.count; row++) {
      const entry = this.byMiner.get(b.miner[row] as number) as MinerEntry;
      const n = entry.count;
      entry.matureHeights[n] = row + 1 + REWARD_MATURITY;
      entry.totals[n] = (n > 0 ? (entry.totals[n - 1] as number) : 0) + (b.reward[row] as number);
      entry.count = n + 1;
    }
    this.rows = b.count;
  }

  /** Rewards of `principal` matured at or below `height`, in micro-STX. */
  receivedBy(principal: number, height: number): number {
    const entry = this.byMiner.get(principal);
    if (!entry) return 0;
    let lo = 0;
    let hi = entry.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((entry.matureHeights[mid] as number) <= height) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : (entry.totals[lo - 1] as number);
  }

  /**
   * Room for the blocks of rows [from, to) in their miners' entries: exactly enough when a world
   * is built (a few miners share over a million blocks, so doubling would waste megabytes), a
   * quarter more when a living chain outgrows it.
   */
  private reserve(from: number, to: number): void {
    const b = this.chain.blocks;
    const added = new Map<number, number>();
    for (let row = from; row < to; row++) {
      const miner = b.miner[row] as number;
      added.set(miner, (added.get(miner) ?? 0) + 1);
    }
    for (const [miner, blocks] of added) {
      let entry = this.byMiner.get(miner);
      if (!entry) {
        entry = { count: 0, matureHeights: new Uint32Array(0), totals: new Float64Array(0) };
        this.byMiner.set(miner, entry);
      }
      const length = entry.totals.length;
      if (entry.count + blocks <= length) continue;
      const n = Math.max(entry.count + blocks, Math.ceil(length * 1.25));
      entry.matureHeights = grow(entry.matureHeights, n, Uint32Array);
      entry.totals = grow(entry.totals, n, Float64Array);
    }
  }
}
