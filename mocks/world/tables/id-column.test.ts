import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { IdColumn } from './id-column.ts';

/** Draws of one id (a transaction table moves its generator past them after `record`). */
const ID_WORDS = 8;

type Op =
  /** The world's generator draws `gap` words (a transaction's drafting), then the next row's id. */
  | { readonly op: 'chain'; readonly gap: number }
  /** Another generator draws the next row's id (a world file's declared transactions). */
  | { readonly op: 'foreign'; readonly gap: number }
  /** The next row is a row of another table, id included (a mempool transaction being mined). */
  | { readonly op: 'copy'; readonly from: number }
  | { readonly op: 'read'; readonly row: number }
  /** A reorg: the rows from `keep` on are forgotten. */
  | { readonly op: 'truncate'; readonly keep: number }
  | { readonly op: 'trim' };

/**
 * The brute force: every row's whole state, 16 bytes, as drawn. The column under test must give
 * back the same, keeping only steps between rows.
 */
class WholeStates {
  readonly states: Uint32Array[] = [];

  record(rng: Rng): void {
    const state = new Uint32Array(4);
    rng.save(state, 0);
    this.states.push(state);
  }
}

/** A column and its brute force, driven alike, as a transaction table drives its id column. */
class Pair {
  readonly column = new IdColumn(4);
  readonly whole = new WholeStates();
  private capacity = 4;
  private readonly chain = new Rng(1);
  private readonly foreign = new Rng(2);

  constructor(private readonly source: { column: IdColumn; whole: WholeStates }) {}

  get count(): number {
    return this.whole.states.length;
  }

  apply(op: Op): void {
    switch (op.op) {
      case 'chain':
      case 'foreign': {
        const rng = op.op === 'chain' ? this.chain : this.foreign;
        rng.skip(op.gap);
        this.room();
        this.whole.record(rng);
        this.column.record(this.count - 1, rng);
        rng.skip(ID_WORDS);
        return;
      }
      case 'copy': {
        const from = op.from % this.source.whole.states.length;
        this.room();
        this.whole.states.push(Uint32Array.from(this.source.whole.states[from] as Uint32Array));
        this.column.copy(this.count - 1, this.source.column, from);
        return;
      }
      case 'read':
        if (this.count > 0) this.expectRow(op.row % this.count);
        return;
      case 'truncate': {
        const keep = op.keep % (this.count + 1);
        this.whole.states.length = keep;
        this.column.truncate(keep);
        return;
      }
      case 'trim':
        this.column.trim();
        return;
    }
  }

  expectRow(row: number): void {
    const expected = this.whole.states[row] as Uint32Array;
    const found = new Uint32Array(4);
    this.column.at(row).save(found, 0);
    expect(found, `state of row ${row}`).toEqual(expected);
    expect(this.column.firstWord(row), `first word of row ${row}`).toBe(Rng.drawAt(expected, 0, 0));
  }

  /** Every row, in order (the cursor steps forward) and backwards (it walks back to an anchor). */
  expectAll(): void {
    for (let row = 0; row < this.count; row++) this.expectRow(row);
    for (let row = this.count - 1; row >= 0; row--) this.expectRow(row);
  }

  /** The owner grows the column when it is full, as a transaction table does. */
  private room(): void {
    if (this.count < this.capacity) return;
    this.capacity *= 2;
    this.column.resize(this.capacity);
  }
}

/** Another table's column, to copy rows from. */
function sourceColumn(): { column: IdColumn; whole: WholeStates } {
  const column = new IdColumn(64);
  const whole = new WholeStates();
  const rng = new Rng(3);
  for (let row = 0; row < 50; row++) {
    rng.skip(row % 7);
    whole.record(rng);
    column.record(row, rng);
    rng.skip(ID_WORDS);
  }
  return { column, whole };
}

/** Mostly a transaction's draws (about 36 words), some near and past what a step's byte holds (0xfd). */
const gap = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
  { weight: 2, arbitrary: fc.integer({ min: 240, max: 250 }) },
  { weight: 1, arbitrary: fc.integer({ min: 251, max: 3000 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constant('chain' as const), gap }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('foreign' as const), gap }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('copy' as const), from: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('read' as const), row: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), keep: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'trim' as const }) },
);

describe('IdColumn against the whole states', () => {
  const source = sourceColumn();

  it('gives back every row’s state, built, trimmed and then appended to, through reorgs', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), fc.array(op, { maxLength: 60 }), (built, appended) => {
        const pair = new Pair(source);
        for (const o of built) pair.apply(o);
        pair.expectAll();
        // Generation is over: the table releases its spare capacity, then the living chain appends.
        pair.apply({ op: 'trim' });
        for (const o of appended) pair.apply(o);
        pair.expectAll();
      }),
      { numRuns: 150 },
    );
  });

  it.each([250, 251, 252, 253, 254, 255, 256, 1000])(
    'keeps a row drawn %i words after the one before it, and the rows after',
    (words) => {
      const pair = new Pair(source);
      for (let i = 0; i < 5; i++) pair.apply({ op: 'chain', gap: 28 });
      // The previous id's own draws count in the step: a gap of `words - 8` makes a step of `words`.
      pair.apply({ op: 'chain', gap: words - ID_WORDS });
      for (let i = 0; i < 40; i++) pair.apply({ op: 'chain', gap: 28 });
      pair.expectAll();
    },
  );
});
