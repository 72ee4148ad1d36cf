import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import { grow } from '../world/tables/grow.ts';
import { EventActivity } from './event-activity.ts';

/**
 * What the catalogue names addresses by, counted in one pass over the chain's transactions: each
 * principal's events per asset class (`events`) and how many transactions concern it. A start
 * needs the catalogue (the banner names its addresses) but no history: this pass holds a few
 * numbers per principal where the address index sorts every (principal, transaction) pair, some
 * 200 MB of arrays written at random at ten million transactions. Transactions appended later (a
 * living chain) are taken in by `extend`, so a block costs its own transactions only.
 */
export class ChainActivity {
  readonly events: EventActivity;
  /** Per principal, the transactions that concern it (`forEachInvolved`), each once. */
  private involved: Int32Array;
  /** Per principal, the last transaction counted for it: one that names it twice counts once. */
  private lastTx: Int32Array;
  private indexed = 0;
  private tx = 0;
  private readonly visit = (p: number): void => {
    if (p >= this.involved.length) this.reach(p);
    if (this.lastTx[p] === this.tx) return;
    this.lastTx[p] = this.tx;
    this.involved[p] = (this.involved[p] as number) + 1;
  };

  constructor(private readonly chain: Chain) {
    const principals = chain.principals.count;
    this.events = new EventActivity(principals);
    this.involved = new Int32Array(principals);
    this.lastTx = new Int32Array(principals).fill(-1);
    this.extend();
  }

  /** Takes in the transactions appended since. */
  extend(): void {
    const chain = this.chain;
    for (; this.indexed < chain.txs.count; this.indexed++) {
      this.tx = this.indexed;
      forEachInvolved(chain, this.tx, this.visit, undefined, this.events.add);
    }
  }

  /**
   * The eligible principal that the most transactions up to the tip concern (the lowest-numbered
   * among equals; those of the unanchored stream above the tip do not count), or -1 if none is
   * eligible: what the address index's history up to the tip would count for each.
   */
  busiest(eligible: (p: number) => boolean): number {
    const chain = this.chain;
    const counts = this.involved.slice();
    // Rows are in chain order: those above the tip are the last ones.
    const tip = tipHeight(chain);
    const heights = chain.txs.height;
    for (let tx = chain.txs.count - 1; tx >= 0 && (heights[tx] as number) > tip; tx--) {
      const counted = new Set<number>();
      forEachInvolved(chain, tx, (p) => counted.add(p));
      for (const p of counted) counts[p] = (counts[p] as number) - 1;
    }
    let best = -1;
    let bestCount = -1;
    for (let p = 0; p < chain.principals.count; p++) {
      if (!eligible(p)) continue;
      const count = counts[p] ?? 0;
      if (count > bestCount) {
        best = p;
        bestCount = count;
      }
    }
    return best;
  }

  /** Room up to principal `p` (a living chain registers principals as it goes). */
  private reach(p: number): void {
    const had = this.involved.length;
    const n = Math.max(p + 1, had * 2);
    this.involved = grow(this.involved, n, Int32Array);
    this.lastTx = grow(this.lastTx, n, Int32Array).fill(-1, had);
  }
}
