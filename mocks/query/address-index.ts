import type { Chain } from '../world/tables/chain.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import { EventActivity } from './event-activity.ts';
import { grow } from '../world/tables/grow.ts';

/** A per-transaction pair count of this or more is kept aside, not in its byte. */
const MANY = 255;

/**
 * For every principal, the mined transactions that concern it, ascending in chain order, packed
 * into one Int32Array (compressed sparse rows): 4 bytes per (principal, transaction) pair.
 * Transactions appended later (a living chain) go to a per-principal tail, so a block costs its
 * own transactions only. The same pass over the events counts each principal's activity.
 */
export class AddressIndex {
  private readonly offsets: Int32Array;
  private readonly entries: Int32Array;
  private readonly tail = new Map<number, number[]>();
  private indexed: number;
  readonly activity: EventActivity;

  constructor(private readonly chain: Chain) {
    this.indexed = chain.txs.count;
    const principals = chain.principals.count;
    const activity = (this.activity = new EventActivity(principals));
    const txs = chain.txs.count;
    // While scanning, only each pair's principal is kept, and per transaction how many pairs it
    // made (in a byte; the rare transaction with more, such as genesis, goes to `many`): half
    // the transient memory of keeping (tx, principal) pairs, which at 10M transactions is 180 MB.
    let pairPrincipal: Int32Array = new Int32Array(txs * 3 + 1024);
    const pairsOfTx = new Uint8Array(txs);
    const many = new Map<number, number>();
    let pairs = 0;
    let tx = 0;
    const lastTx = new Int32Array(principals).fill(-1);
    const counts = new Int32Array(principals + 1);
    // One visitor for every transaction (it reads `tx`), not a closure per transaction.
    const visit = (p: number): void => {
      if (lastTx[p] === tx) return;
      lastTx[p] = tx;
      if (pairs === pairPrincipal.length) pairPrincipal = grow(pairPrincipal, pairs * 2, Int32Array);
      pairPrincipal[pairs] = p;
      pairs++;
      counts[p + 1] = (counts[p + 1] as number) + 1;
    };
    for (; tx < txs; tx++) {
      const before = pairs;
      forEachInvolved(chain, tx, visit);
      forEachEvent(chain, tx, activity.add);
      const made = pairs - before;
      pairsOfTx[tx] = Math.min(made, MANY);
      if (made >= MANY) many.set(tx, made);
    }
    for (let p = 0; p < principals; p++) counts[p + 1] = (counts[p + 1] as number) + (counts[p] as number);
    this.offsets = counts;
    this.entries = new Int32Array(pairs);
    const cursor = counts.slice(0, principals);
    // Pairs arrive in chain order, so a stable placement keeps each row ascending.
    let i = 0;
    for (let row = 0; row < txs; row++) {
      const made = pairsOfTx[row] === MANY ? (many.get(row) as number) : (pairsOfTx[row] as number);
      for (const end = i + made; i < end; i++) {
        const p = pairPrincipal[i] as number;
        this.entries[cursor[p] as number] = row;
        cursor[p] = (cursor[p] as number) + 1;
      }
    }
  }

  /** Takes in the transactions appended since. */
  extend(): void {
    const chain = this.chain;
    for (let tx = this.indexed; tx < chain.txs.count; tx++) {
      forEachInvolved(chain, tx, (p) => {
        let list = this.tail.get(p);
        if (!list) this.tail.set(p, (list = []));
        if (list[list.length - 1] !== tx) list.push(tx);
      });
      forEachEvent(chain, tx, this.activity.add);
    }
    this.indexed = chain.txs.count;
  }

  /** The principal's transactions with minHeight <= height <= maxHeight, ascending. */
  slice(principal: number, minHeight: number, maxHeight: number): Int32Array {
    const base = this.baseSlice(principal, minHeight, maxHeight);
    const tail = this.tail.get(principal);
    if (!tail) return base;
    const heights = this.chain.txs.height;
    const extra = tail.filter((tx) => {
      const h = heights[tx] as number;
      return h >= minHeight && h <= maxHeight;
    });
    if (extra.length === 0) return base;
    const all = new Int32Array(base.length + extra.length);
    all.set(base);
    all.set(extra, base.length);
    return all;
  }

  private baseSlice(principal: number, minHeight: number, maxHeight: number): Int32Array {
    if (principal < 0 || principal >= this.offsets.length - 1) return new Int32Array(0);
    const start = this.offsets[principal] as number;
    const end = this.offsets[principal + 1] as number;
    const lo = this.firstAtLeast(start, end, minHeight);
    const hi = this.firstAtLeast(lo, end, maxHeight + 1);
    return this.entries.subarray(lo, hi);
  }

  private firstAtLeast(lo: number, hi: number, height: number): number {
    const heights = this.chain.txs.height;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((heights[this.entries[mid] as number] as number) < height) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
