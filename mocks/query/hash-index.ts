import type { BlockKey, BlockTable } from '../world/tables/block-table.ts';
import type { TxTable } from '../world/tables/tx-table.ts';

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

/**
 * Finds a row by its 32-byte key (tx id, block hash) without a Map of strings: an open-addressing
 * table of row numbers over the keys the tables already hold. Keys are random, so their first
 * four bytes are a good hash.
 */
export class HashIndex {
  private slots: Int32Array;
  private mask: number;
  private keys: KeyColumn;
  private rows = 0;

  /** `keysOf` gives the key column as it is now: a growing table replaces its arrays. */
  constructor(
    private readonly keysOf: () => KeyColumn,
    rows: number,
  ) {
    this.keys = keysOf();
    // A load of at most two thirds keeps probes short with half the memory of a half-empty table.
    let size = 16;
    while (size * 2 < rows * 3) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.extend(rows);
  }

  /** Indexes the rows appended since, up to `rows`; the table doubles past two thirds full. */
  extend(rows: number): void {
    this.keys = this.keysOf();
    if (rows * 3 > this.slots.length * 2) {
      let size = this.slots.length;
      while (size * 2 < rows * 3) size *= 2;
      this.slots = new Int32Array(size).fill(-1);
      this.mask = size - 1;
      const indexed = this.rows;
      for (let row = 0; row < indexed; row++) this.insert(row);
    }
    for (; this.rows < rows; this.rows++) this.insert(this.rows);
  }

  /** The row whose key equals `key`, or -1. */
  find(key: Uint8Array): number {
    let slot = readU32(key, 0) & this.mask;
    for (;;) {
      const row = this.slots[slot] as number;
      if (row < 0) return -1;
      if (this.keys.equals(row, key)) return row;
      slot = (slot + 1) & this.mask;
    }
  }

  private insert(row: number): void {
    let slot = this.keys.firstWord(row) & this.mask;
    while ((this.slots[slot] as number) >= 0) slot = (slot + 1) & this.mask;
    this.slots[slot] = row;
  }
}

function readU32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset] as number) |
      ((bytes[offset + 1] as number) << 8) |
      ((bytes[offset + 2] as number) << 16) |
      ((bytes[offset + 3] as number) << 24)) >>>
    0
  );
}
