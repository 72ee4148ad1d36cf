import type { Chain } from '../tables/chain.ts';

/** Blocks before a miner's reward counts in its balance, as on the real chain. */
export const REWARD_MATURITY = 100;

/** Per miner, the running total of its rewards by the height at which each matures. */
export class MinerRewards {
  private readonly byMiner = new Map<number, { matureHeights: number[]; totals: number[] }>();
  private rows = 0;

  constructor(private readonly chain: Chain) {
    this.extend();
  }

  /** Takes in the blocks appended since. */
  extend(): void {
    const b = this.chain.blocks;
    for (let row = this.rows; row < b.count; row++) {
      const miner = b.miner[row] as number;
      let entry = this.byMiner.get(miner);
      if (!entry) this.byMiner.set(miner, (entry = { matureHeights: [], totals: [] }));
      const before = entry.totals[entry.totals.length - 1] ?? 0;
      entry.matureHeights.push(row + 1 + REWARD_MATURITY);
      entry.totals.push(before + (b.reward[row] as number));
    }
    this.rows = b.count;
  }

  /** Rewards of `principal` matured at or below `height`, in micro-STX. */
  receivedBy(principal: number, height: number): number {
    const entry = this.byMiner.get(principal);
    if (!entry) return 0;
    let lo = 0;
    let hi = entry.matureHeights.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((entry.matureHeights[mid] as number) <= height) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : (entry.totals[lo - 1] as number);
  }
}
