import { readWord } from '../hex.ts';
import { LruCache } from '../lru-cache.ts';
import { grow } from './grow.ts';

/** A row not yet written: its id reads as its seed. */
export const SEEDED = 0;
/** A written row whose id is the hash of its bytes, computed when asked (`IdSource`). */
export const DERIVED = 1;
/** A derived row whose first word has been computed and kept (`heads`). */
export const HEADED = 2;
/** A row whose whole id is kept: given (a wallet signed it), written eagerly, or copied. */
export const PINNED = 3;

/** Computes row `row`'s id, the sha512/256 of its bytes (world/wire/tx-ids.ts binds one per table). */
export type IdSource = (row: number) => Uint8Array;

/**
 * Whole ids recently computed, per table: a page served asks a row's id several times, and the
 * server's warmer (http/node/warm-tx-ids.ts) computes each row's to learn its first word. Twice
 * the default world's 4,209 transactions, so a client walking all of them after the warmer
 * hashes none again; about 2.3 MB of heap when full (290 bytes an id), whatever the world's size.
 */
export const RECENT_IDS = 8192;

/**
 * A transaction table's ids, as compact as a ten-million-row world needs: a row's id is the hash
 * of its bytes, which every row can recompute from its columns, so most rows keep only the id's
 * first word (4 bytes, once computed: what the id index sorts and probes by) and the whole id is
 * computed again when a row is served. Rows whose bytes do not say their id (a wallet's, whose id
 * was given; an engine-run row, whose entry is keyed by it; a row copied from another table,
 * whose columns may since differ) keep it whole. The source is bound per table and kept outside
 * it (a snapshot holds the table's arrays, not a function).
 */
export class HashedIds {
  private state: Uint8Array;
  private heads: Uint32Array;
  private pinned = new Map<number, Uint8Array>();

  constructor(capacity: number) {
    this.state = new Uint8Array(capacity);
    this.heads = new Uint32Array(capacity);
  }

  stateOf(row: number): number {
    return this.state[row] as number;
  }

  reset(row: number): void {
    this.state[row] = SEEDED;
  }

  derive(row: number): void {
    this.state[row] = DERIVED;
  }

  pin(row: number, id: Uint8Array): void {
    this.pinned.set(row, id.slice());
    this.heads[row] = readWord(id, 0);
    this.state[row] = PINNED;
  }

  /** The whole id of a row not SEEDED, in a fresh array. */
  bytes(row: number, source: IdSource | undefined): Uint8Array {
    return (this.pinned.get(row) ?? this.derived(row, source)).slice();
  }

  /** Word 0 of a row's id (not SEEDED), computing it once. */
  head(row: number, source: IdSource | undefined): number {
    if ((this.state[row] as number) === DERIVED) this.derived(row, source);
    return this.heads[row] as number;
  }

  /** A derived row's whole id, kept among the recent ones: not to be changed by the caller. */
  private derived(row: number, source: IdSource | undefined): Uint8Array {
    const recent = recentOf(this);
    const known = recent.get(row);
    if (known) return known;
    if (!source)
      throw new Error(`transaction row ${row}: its id is the hash of its bytes, and no source is bound`);
    // While computing, the row reads as its seed: what its bytes look up by id finds what was keyed by it.
    const state = this.state[row] as number;
    this.state[row] = SEEDED;
    let id: Uint8Array;
    try {
      id = source(row);
    } finally {
      this.state[row] = state;
    }
    recent.set(row, id);
    this.heads[row] = readWord(id, 0);
    this.state[row] = HEADED;
    return id;
  }

  truncate(count: number): void {
    for (const row of this.pinned.keys()) if (row >= count) this.pinned.delete(row);
    recentOf(this).clear();
  }

  resize(n: number): void {
    this.state = grow(this.state, n, Uint8Array);
    this.heads = grow(this.heads, n, Uint32Array);
  }
}

/** Kept outside the table, as its source is: a snapshot holds the table's arrays, not a cache. */
const recents = new WeakMap<HashedIds, LruCache<number, Uint8Array>>();

function recentOf(ids: HashedIds): LruCache<number, Uint8Array> {
  let recent = recents.get(ids);
  if (!recent) {
    recent = new LruCache(RECENT_IDS);
    recents.set(ids, recent);
  }
  return recent;
}
