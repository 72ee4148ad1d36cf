import type { Chain } from '../world/tables/chain.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import { listsInHistory } from './history-membership.ts';
import type { Listing } from './paging.ts';
import { grow } from '../world/tables/grow.ts';

/** A per-transaction pair count of this or more is kept aside, not in its byte. */
const MANY = 255;

/**
 * For every principal, the mined transactions that concern it, ascending in chain order, packed
 * into one Int32Array (compressed sparse rows): 4 bytes per (principal, transaction) pair.
 * Transactions appended later (a living chain) go to a per-principal tail, so a block costs its
 * own transactions only. Built on the first history asked for: the catalogue a start needs counts
 * its activity in a pass of its own (`ChainActivity`), which holds no pair.
 */
export class AddressIndex {
  private readonly offsets: Int32Array;
  private readonly entries: Int32Array;
  private readonly tail = new Map<number, number[]>();
  /**
   * The entries (positions in `entries`) of a transaction a principal only sponsored, ascending:
   * operation 6 leaves them out. Found on the first history asked for, from the sponsored rows
   * (a few in a hundred); null until then.
   */
  private sponsorOnly: Int32Array | null = null;
  /** The same, for the tail: (principal, transaction) pairs as `principal:tx`. */
  private readonly tailSponsorOnly = new Set<string>();
  private indexed: number;
  /** The transactions the entries hold; later ones are in the tail. */
  private readonly built: number;

  constructor(private readonly chain: Chain) {
    this.indexed = this.built = chain.txs.count;
    const principals = chain.principals.count;
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
      const sponsor = chain.txs.sponsor.at(tx);
      if (sponsor >= 0 && !listsInHistory(chain, tx, sponsor)) this.tailSponsorOnly.add(`${sponsor}:${tx}`);
    }
    this.indexed = chain.txs.count;
  }

  /**
   * The principal's transactions with minHeight <= height <= maxHeight, newest first, read by
   * position: the count is two binary searches in the index, and a row is found without reading
   * the others. `listedOnly`: without those it only sponsored, as operation 6 lists them.
   */
  history(principal: number, minHeight: number, maxHeight: number, listedOnly: boolean): Listing<number> {
    const { lo, hi } = this.range(principal, minHeight, maxHeight);
    const heights = this.chain.txs.height;
    const tail = (this.tail.get(principal) ?? []).filter((tx) => {
      const h = heights[tx] as number;
      return (
        h >= minHeight && h <= maxHeight && !(listedOnly && this.tailSponsorOnly.has(`${principal}:${tx}`))
      );
    });
    const skipped = listedOnly ? this.sponsorOnlyEntries() : new Int32Array(0);
    const skipLo = firstAtLeastValue(skipped, 0, skipped.length, lo);
    const skipHi = firstAtLeastValue(skipped, skipLo, skipped.length, hi);
    const entries = this.entries;
    /** How many listed entries lie in [from, hi). */
    const listedFrom = (from: number): number =>
      hi - from - (skipHi - firstAtLeastValue(skipped, skipLo, skipHi, from));
    return {
      total: tail.length + hi - lo - (skipHi - skipLo),
      at: (position) => {
        if (position < tail.length) return tail[tail.length - 1 - position] as number;
        const k = position - tail.length;
        if (skipLo === skipHi) return entries[hi - 1 - k] as number;
        // The last entry with k + 1 listed ones from it on is itself listed.
        let a = lo;
        let b = hi - 1;
        while (a < b) {
          const mid = (a + b + 1) >>> 1;
          if (listedFrom(mid) >= k + 1) a = mid;
          else b = mid - 1;
        }
        return entries[a] as number;
      },
    };
  }

  private sponsorOnlyEntries(): Int32Array {
    if (this.sponsorOnly) return this.sponsorOnly;
    const found: number[] = [];
    const chain = this.chain;
    const built = this.built;
    chain.txs.sponsor.forEachSet((tx, sponsor) => {
      if (tx >= built || listsInHistory(chain, tx, sponsor)) return;
      const start = this.offsets[sponsor] as number;
      const end = this.offsets[sponsor + 1] as number;
      const at = firstAtLeastValue(this.entries, start, end, tx);
      if (at < end && this.entries[at] === tx) found.push(at);
    });
    return (this.sponsorOnly = Int32Array.from(found).sort());
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
    const { lo, hi } = this.range(principal, minHeight, maxHeight);
    return this.entries.subarray(lo, hi);
  }

  /** Where the principal's entries within the heights lie in `entries`. */
  private range(principal: number, minHeight: number, maxHeight: number): { lo: number; hi: number } {
    if (principal < 0 || principal >= this.offsets.length - 1) return { lo: 0, hi: 0 };
    const start = this.offsets[principal] as number;
    const end = this.offsets[principal + 1] as number;
    const lo = this.firstAtLeast(start, end, minHeight);
    return { lo, hi: this.firstAtLeast(lo, end, maxHeight + 1) };
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

/** The first index in [lo, hi) of an ascending array whose value is at least `value`. */
function firstAtLeastValue(values: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
