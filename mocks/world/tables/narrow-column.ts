import { grow } from './grow.ts';
import { SparseColumn } from './sparse-column.ts';

/**
 * A column of numbers that nearly always fit a small unsigned type (a fee in 32 bits, a memo
 * choice in 8): those are kept dense, and the rare others (a fee a user set above 2^32, the memo
 * a user added after 254 others) in a sparse overflow, any number exactly. The type's largest value marks
 * a row held in the overflow, so a row that fits costs one array read.
 */
export class NarrowColumn {
  private dense: Uint8Array | Uint32Array;
  private readonly overflow = new SparseColumn(0, Float64Array);
  private readonly marker: number;

  constructor(
    capacity: number,
    private readonly Kind: Uint8ArrayConstructor | Uint32ArrayConstructor,
  ) {
    this.dense = new Kind(capacity);
    this.marker = Kind === Uint8Array ? 0xff : 0xffff_ffff;
  }

  at(row: number): number {
    const value = this.dense[row] as number;
    return value === this.marker ? this.overflow.at(row) : value;
  }

  /** Sets the value of a row past every row set so far (tables only append). */
  append(row: number, value: number): void {
    if (Number.isInteger(value) && value >= 0 && value < this.marker) {
      this.dense[row] = value;
      return;
    }
    this.dense[row] = this.marker;
    this.overflow.append(row, value);
  }

  /** Forgets the rows at or past `count` (the table was cut back there). */
  truncate(count: number): void {
    this.overflow.truncate(count);
  }

  /** Room for `capacity` rows; the table decides when (see its `resize`). */
  resize(capacity: number): void {
    this.dense = grow<Uint8Array | Uint32Array>(this.dense, capacity, this.Kind);
  }

  /** Releases the overflow's unused capacity; the dense part follows the table's `resize`. */
  trim(): void {
    this.overflow.trim();
  }
}
