import { grow } from './grow.ts';

/**
 * A column whose rows are almost all one value (`empty`): only the other rows are stored, as
 * (row, value) pairs in row order, found by binary search. Sponsors and microblocks concern a few
 * transactions in a hundred, so this holds them in about a tenth of a dense Int32Array. Values are
 * Int32 unless the column is given Float64Array (a narrow column's overflow holds any number).
 */
export class SparseColumn {
  private rows: Int32Array = new Int32Array(16);
  private values: Int32Array | Float64Array;
  private size = 0;

  constructor(
    private readonly empty: number,
    private readonly Values: Int32ArrayConstructor | Float64ArrayConstructor = Int32Array,
  ) {
    this.values = new Values(16);
  }

  at(row: number): number {
    // Past the last row set (the row just appended, which the generator reads back at once): no search.
    const size = this.size;
    if (size === 0 || row > (this.rows[size - 1] as number)) return this.empty;
    let lo = 0;
    let hi = size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.rows[mid] as number) < row) lo = mid + 1;
      else hi = mid;
    }
    return this.rows[lo] === row ? (this.values[lo] as number) : this.empty;
  }

  /** Calls `visit` for every row whose value is not `empty`, in row order. */
  forEachSet(visit: (row: number, value: number) => void): void {
    for (let i = 0; i < this.size; i++) visit(this.rows[i] as number, this.values[i] as number);
  }

  /** Sets the value of a row past every row set so far (tables only append). */
  append(row: number, value: number): void {
    if (value === this.empty) return;
    if (this.size > 0 && (this.rows[this.size - 1] as number) >= row)
      throw new RangeError(`sparse column rows must ascend: ${row} after ${this.rows[this.size - 1]}`);
    if (this.size === this.rows.length) this.resize(this.size * 2);
    this.rows[this.size] = row;
    this.values[this.size] = value;
    this.size++;
  }

  /** Forgets the rows at or past `count` (the table was cut back there). */
  truncate(count: number): void {
    while (this.size > 0 && (this.rows[this.size - 1] as number) >= count) this.size--;
  }

  /** Releases the unused capacity. */
  trim(): void {
    this.resize(Math.max(this.size, 1));
  }

  private resize(length: number): void {
    this.rows = grow(this.rows, length, Int32Array);
    this.values = grow<Int32Array | Float64Array>(this.values, length, this.Values);
  }
}
