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
/** Rows appended since the directory was built that make it worth building again. */
const REBUILD_TAIL = 1 << 16;

/**
 * Finds a row by its 32-byte key (tx id, block hash) without a Map of strings. The rows are
 * sorted into buckets by the top bits of their key's first word (keys are random, so buckets
 * fill evenly), ascending within a bucket: about 5 bytes a row, where an open-addressing table
 * two thirds full takes 6 to 12. Rows appended later (a living chain) wait in a small map by
 * first word until there are enough of them to sort in again. Among equal keys the first row
 * is found.
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
  private tail = new Map<number, number[]>();
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
    for (let row = this.rows; row < rows; row++) {
      const word = this.keys.firstWord(row);
      const list = this.tail.get(word);
      if (list) list.push(row);
      else this.tail.set(word, [row]);
    }
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
    for (const row of this.tail.get(word) ?? []) if (this.keys.equals(row, key)) return row;
    return -1;
  }

  /** Sorts rows 0 to `rows` into buckets (a counting sort: two passes over the keys). */
  private sortIn(rows: number): void {
    let bits = 1;
    while (bits < 30 && rows > BUCKET_ROWS * 2 ** bits) bits++;
    const shift = 32 - bits;
    const starts = new Int32Array(2 ** bits + 1);
    for (let row = 0; row < rows; row++) {
      const at = (this.keys.firstWord(row) >>> shift) + 1;
      starts[at] = (starts[at] as number) + 1;
    }
    for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
    const sorted = new Int32Array(rows);
    const next = starts.slice(0, starts.length - 1);
    for (let row = 0; row < rows; row++) {
      const b = this.keys.firstWord(row) >>> shift;
      sorted[next[b] as number] = row;
      next[b] = (next[b] as number) + 1;
    }
    this.bits = bits;
    this.starts = starts;
    this.sorted = sorted;
    this.base = rows;
    this.rows = rows;
    this.tail = new Map();
  }
}
