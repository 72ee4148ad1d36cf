import type { Amount } from '../amount.ts';
import { grow } from '../tables/grow.ts';

/** Numbers per record: a kind and up to four operands. */
const WIDTH = 5;

/** Reads one record back, newest first, to undo the change it describes. */
export type UndoRecord = (kind: number, a: number, b: Amount, c: Amount, d: number) => void;

/**
 * Undo records, newest last, as rows of one Float64Array: while a living chain keeps its reorg
 * checkpoints, every balance change is recorded, and a closure per change would be a JS object
 * per change. The owner gives each record a kind and operands, and reads them back to undo it.
 * A mark is a position counted from the first record ever, forgotten ones included. An amount
 * past 2^53 − 1 (operands b and c may be amounts) is kept exactly beside the rows, by its place.
 */
export class UndoJournal {
  private rows = new Float64Array(WIDTH * 256);
  private size = 0;
  /** Records forgotten from the front. */
  private base = 0;
  /** The operands that are bigints, by their place in `rows` (NaN there). */
  private readonly exact = new Map<number, bigint>();

  mark(): number {
    return this.base + this.size;
  }

  push(kind: number, a: number, b: Amount = 0, c: Amount = 0, d = 0): void {
    if ((this.size + 1) * WIDTH > this.rows.length)
      this.rows = grow(this.rows, this.rows.length * 2, Float64Array);
    const at = this.size++ * WIDTH;
    const rows = this.rows;
    rows[at] = kind;
    rows[at + 1] = a;
    rows[at + 2] = this.keep(at + 2, b);
    rows[at + 3] = this.keep(at + 3, c);
    rows[at + 4] = d;
  }

  /** Hands `undo` every record after `mark`, newest first, and drops them. */
  rewind(mark: number, undo: UndoRecord): void {
    if (mark < this.base) throw new RangeError(`ledger journal does not reach back to ${mark}`);
    const rows = this.rows;
    while (this.base + this.size > mark) {
      const at = --this.size * WIDTH;
      undo(
        rows[at] as number,
        rows[at + 1] as number,
        this.operand(at + 2),
        this.operand(at + 3),
        rows[at + 4] as number,
      );
    }
  }

  /** Drops the records before `mark`: no checkpoint needs them any more. */
  forget(mark: number): void {
    const drop = mark - this.base;
    if (drop <= 0) return;
    const kept = Math.max(this.size - drop, 0);
    const shift = (this.size - kept) * WIDTH;
    this.rows.copyWithin(0, shift, this.size * WIDTH);
    if (this.exact.size > 0) {
      const moved = [...this.exact].filter(([at]) => at >= shift);
      this.exact.clear();
      for (const [at, value] of moved) this.exact.set(at - shift, value);
    }
    this.size = kept;
    this.base = mark;
  }

  /** The number to store at `at` for `value`: itself, or NaN with the bigint kept beside. */
  private keep(at: number, value: Amount): number {
    if (typeof value === 'number') return value;
    this.exact.set(at, value);
    return NaN;
  }

  private operand(at: number): Amount {
    const value = this.rows[at] as number;
    if (value === value) return value;
    const exact = this.exact.get(at) as bigint;
    this.exact.delete(at);
    return exact;
  }
}
