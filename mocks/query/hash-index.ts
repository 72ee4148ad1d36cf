import type { BlockKey, BlockTable } from '../world/tables/block-table.ts';
import type { TxTable } from '../world/tables/tx-table.ts';
import { readWord } from '../world/hex.ts';

/** Rows' 32-byte keys as the index reads them: the first four bytes (little-endian) and equality. */
export interface KeyColumn {
  firstWord(row: number): number;
  equals(row: number, key: Uint8Array): boolean;
}

/** A block table's hashes or index hashes, drawn again from their saved states. */
export function blockKeys(blocks: BlockTable, which: BlockKey): KeyColumn {
  return {
    firstWord: (row) => blocks.firstWord(which, row),
    equals: (row, key) => blocks.equals(which, row, key),
  };
}

/** A transaction table's ids, drawn again from their saved states. */
export function txIdKeys(table: TxTable): KeyColumn {
  return {
    firstWord: (row) => table.idWord(row, 0),
    equals: (row, key) => table.idEquals(row, key),
  };
}

/** Rows per bucket on average, at most: a lookup compares about this many keys. */
const BUCKET_ROWS = 8;
/** Bits of the first round of the bucket sort: 256 parts. */
const PART_BITS = 8;
/** Rows appended since the directory was built that make it worth building again. */
const REBUILD_TAIL = 1 << 16;
/** The appended rows' table when empty: a power of two, as the probing's mask needs. */
const TAIL_SLOTS = 16;

function freeSlots(size: number): Int32Array {
  return new Int32Array(size).fill(-1);
}

/**
 * Finds a row by its 32-byte key (tx id, block hash) without a Map of strings. The rows are
 * sorted into buckets by the top bits of their key's first word (keys are random, so buckets
 * fill evenly), ascending within a bucket: about 5 bytes a row, where an open-addressing table
 * two thirds full takes 6 to 12. Rows appended later (a living chain) wait in a small
 * open-addressing table (linear probing by first word, at most two thirds full) until there are
 * enough of them to sort in again. Among equal keys the first row is found.
 */
export class HashIndex {
  private keys: KeyColumn;
  /** Bucket of a first word: its top `bits` bits. */
  private bits = 1;
  /** Bucket b's rows are `sorted[starts[b]]` to `sorted[starts[b + 1] - 1]`. */
  private starts = new Int32Array(3);
  private sorted = new Int32Array(0);
  /** Rows sorted into buckets: those after wait in `tail`. */
  private base = 0;
  /** Slots of the rows after `base`, -1 when free; a power of two long. */
  private tail = freeSlots(TAIL_SLOTS);
  private rows = 0;

  /** `keysOf` gives the key column as it is now: a growing table replaces its arrays. */
  constructor(
    private readonly keysOf: () => KeyColumn,
    rows: number,
  ) {
    this.keys = keysOf();
    this.sortIn(rows);
  }

  /** Indexes the rows appended since, up to `rows`. */
  extend(rows: number): void {
    this.keys = this.keysOf();
    if (rows - this.base > Math.max(REBUILD_TAIL, this.base / 4)) {
      this.sortIn(rows);
      return;
    }
    if ((rows - this.base) * 3 > this.tail.length * 2) {
      let size = this.tail.length;
      while ((rows - this.base) * 3 > size * 2) size *= 2;
      this.tail = freeSlots(size);
      for (let row = this.base; row < this.rows; row++) this.addToTail(row);
    }
    for (let row = this.rows; row < rows; row++) this.addToTail(row);
    this.rows = rows;
  }

  /** The row whose key equals `key`, or -1. */
  find(key: Uint8Array): number {
    const word = readWord(key, 0);
    const bucket = word >>> (32 - this.bits);
    const end = this.starts[bucket + 1] as number;
    for (let i = this.starts[bucket] as number; i < end; i++) {
      const row = this.sorted[i] as number;
      if (this.keys.equals(row, key)) return row;
    }
    const mask = this.tail.length - 1;
    for (let slot = word & mask; ; slot = (slot + 1) & mask) {
      const row = this.tail[slot] as number;
      if (row < 0) return -1;
      if (this.keys.equals(row, key)) return row;
    }
  }

  private addToTail(row: number): void {
    const mask = this.tail.length - 1;
    let slot = this.keys.firstWord(row) & mask;
    while ((this.tail[slot] as number) >= 0) slot = (slot + 1) & mask;
    this.tail[slot] = row;
  }

  /**
   * Sorts rows 0 to `rows` into buckets: a counting sort in two rounds, first by the top bits into
   * at most 256 parts, then each part by the rest. One round over millions of buckets would
   * touch two random places of arrays far larger than the CPU's caches for every row (at 10M
   * rows, 2.4 s); a part's buckets fit in them.
   */
  private sortIn(rows: number): void {
    let bits = 1;
    while (bits < 30 && rows > BUCKET_ROWS * 2 ** bits) bits++;
    const shift = 32 - bits;
    const partBits = Math.min(bits, PART_BITS);
    const fine = 2 ** (bits - partBits);
    const parts = new Int32Array(2 ** partBits + 1);
    for (let row = 0; row < rows; row++) {
      const at = (this.keys.firstWord(row) >>> (32 - partBits)) + 1;
      parts[at] = (parts[at] as number) + 1;
    }
    for (let p = 1; p < parts.length; p++) parts[p] = (parts[p] as number) + (parts[p - 1] as number);
    const sorted = new Int32Array(rows);
    const words = new Uint32Array(rows);
    const next = parts.slice(0, parts.length - 1);
    for (let row = 0; row < rows; row++) {
      const word = this.keys.firstWord(row);
      const p = word >>> (32 - partBits);
      const at = next[p] as number;
      sorted[at] = row;
      words[at] = word;
      next[p] = at + 1;
    }
    const starts = new Int32Array(2 ** bits + 1);
    let largest = 0;
    for (let p = 0; p + 1 < parts.length; p++)
      largest = Math.max(largest, (parts[p + 1] as number) - (parts[p] as number));
    const placed = new Int32Array(largest);
    const cursor = new Int32Array(fine);
    for (let p = 0; p + 1 < parts.length; p++) {
      const lo = parts[p] as number;
      const hi = parts[p + 1] as number;
      const first = p * fine;
      for (let i = lo; i < hi; i++) {
        const at = ((words[i] as number) >>> shift) + 1;
        starts[at] = (starts[at] as number) + 1;
      }
      starts[first] = lo;
      for (let b = first + 1; b <= first + fine; b++)
        starts[b] = (starts[b] as number) + (starts[b - 1] as number);
      cursor.set(starts.subarray(first, first + fine));
      for (let i = lo; i < hi; i++) {
        const b = ((words[i] as number) >>> shift) - first;
        const at = cursor[b] as number;
        placed[at - lo] = sorted[i] as number;
        cursor[b] = at + 1;
      }
      sorted.set(placed.subarray(0, hi - lo), lo);
    }
    this.bits = bits;
    this.starts = starts;
    this.sorted = sorted;
    this.base = rows;
    this.rows = rows;
    this.tail = freeSlots(TAIL_SLOTS);
  }
}
