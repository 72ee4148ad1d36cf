import type { Amount } from '../amount.ts';
import { grow } from './grow.ts';

/**
 * A column of amounts (see `Amount`): each row a double, exact for every safe integer, and the
 * rare row past 2^53 − 1 marked NaN with its exact value in a map beside. A row that fits costs
 * one array read, as the Float64Array it replaces; a generated world puts nothing in the map.
 */
export class AmountColumn {
  private dense: Float64Array;
  private readonly exact = new Map<number, bigint>();

  constructor(capacity: number) {
    this.dense = new Float64Array(capacity);
  }

  get length(): number {
    return this.dense.length;
  }

  at(row: number): Amount {
    const value = this.dense[row] as number;
    // NaN is the one double unequal to itself: the mark of a row held exactly.
    return value === value ? value : (this.exact.get(row) as bigint);
  }

  set(row: number, value: Amount): void {
    if (typeof value === 'number') {
      this.dense[row] = value;
      if (this.exact.size > 0) this.exact.delete(row);
      return;
    }
    this.dense[row] = NaN;
    this.exact.set(row, value);
  }

  /** Forgets the rows at or past `count` (the table was cut back there). */
  truncate(count: number): void {
    for (const row of this.exact.keys()) if (row >= count) this.exact.delete(row);
  }

  /** Room for `capacity` rows; new rows read 0. */
  resize(capacity: number): void {
    this.dense = grow(this.dense, capacity, Float64Array);
    this.truncate(capacity);
  }
}
