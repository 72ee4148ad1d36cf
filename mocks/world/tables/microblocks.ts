import { grow } from './grow.ts';

/**
 * Microblocks as columns, one row each, in the order they were streamed: a mainnet-sized world
 * streams about a hundred thousand, and as objects each with its own 32-byte array they cost
 * the heap as much as the rest of the chain's small state.
 */
export class MicroblockTable {
  count = 0;
  /** 32 bytes per row. */
  hash = new Uint8Array(256 * 32);
  /** The microblock's place in its stream (0 first). */
  sequence = new Int32Array(256);
  /** 1 while not yet confirmed by an anchored block (it sits on top of the chain tip). */
  unanchored = new Uint8Array(256);

  /** Appends a microblock; the caller fills its 32 bytes of `hash` at row * 32. */
  push(sequence: number, unanchored: boolean): number {
    if (this.count === this.sequence.length) {
      const n = this.count * 2;
      this.hash = grow(this.hash, n * 32, Uint8Array);
      this.sequence = grow(this.sequence, n, Int32Array);
      this.unanchored = grow(this.unanchored, n, Uint8Array);
    }
    const row = this.count++;
    this.sequence[row] = sequence;
    this.unanchored[row] = unanchored ? 1 : 0;
    return row;
  }

  /** Drops the rows at or past `count` (a reorg); those that replace them overwrite them. */
  truncate(count: number): void {
    this.count = count;
  }

  /** Whether `row` is a microblock (transactions outside any have row -1). */
  has(row: number): boolean {
    return row >= 0 && row < this.count;
  }
}
