import { readWord } from '../hex.ts';
import { Rng } from '../rng.ts';
import { grow } from './grow.ts';

/** A row whose state is kept whole and that the chain starts again from. */
const ANCHOR = 0xff;
/** A row whose state is kept whole, drawn outside the chain (another generator, a copied row). */
const FOREIGN = 0xfe;
/** A row whose id was given, not drawn: a signed transaction's id is the hash of its bytes. */
const GIVEN = 0xfd;
/** The most words a step can count (a transaction draws about 36); a longer gap makes an anchor. */
const MAX_STEP = 0xfc;
/** A chain row at least this many rows past the last anchor is an anchor: it bounds a look-up. */
const ANCHOR_EVERY = 32;
/** Restores and skips; one for all columns, used within a call only. */
const scratch = new Rng(0);
/** The state `record` was given by another generator than the chain's; used within a call only. */
const drawn = new Uint32Array(4);

/**
 * The generator states that drew a table's ids, in about 5.6 bytes a row instead of 16. Most rows
 * are drawn by one generator (the world's) in row order, a chain: such a row keeps only its step,
 * the words that generator drew since the chain's previous row, and its state is that row's
 * skipped forward by the step. Every `ANCHOR_EVERY` rows, after a gap too long for a step and
 * after a truncation, a chain row keeps its whole state (an anchor), so finding a state walks back
 * at most `ANCHOR_EVERY` rows. Rows drawn by another generator or copied from another table keep
 * their whole state too, outside the chain. The last state found is remembered (the cursor), so
 * reading rows in order skips one step a row, and the row just drawn costs nothing.
 *
 * Each id's first word is kept as well (4 bytes): the hash index reads it for every row when it is
 * built (at start, after a reorg), and replaying the chain for it would cost 36 draws a row.
 */
export class IdColumn {
  private steps: Uint8Array;
  /** Word 0 of each id. */
  private firstWords: Uint32Array;
  /** The rows kept whole (anchors and foreign rows), ascending, and their states, 4 words each. */
  private keptRows = new Int32Array(16);
  private keptStates = new Uint32Array(64);
  private kept = 0;
  /** The chain's generator: the first to draw an id here. */
  private chain: Rng | undefined;
  /** `chain.draws` at the chain's last row; meaningless while `open` is false. */
  private chainDraws = 0;
  private open = false;
  private lastAnchor = 0;
  /** A chain row whose state `cursorState` holds, or -1. */
  private cursorRow = -1;
  private readonly cursorState = new Uint32Array(4);
  /** The ids of the rows marked GIVEN (few: the transactions a wallet signed), 32 bytes each. */
  private given = new Map<number, Uint8Array>();

  constructor(capacity: number) {
    this.steps = new Uint8Array(capacity);
    this.firstWords = new Uint32Array(capacity);
  }

  /** Row `row` (the table's newest) has the id `rng` draws next. */
  record(row: number, rng: Rng): void {
    this.chain ??= rng;
    if (rng !== this.chain) {
      rng.save(drawn, 0);
      this.firstWords[row] = firstDraw(drawn);
      this.keep(row, rng, FOREIGN);
      return;
    }
    // Saved straight into the cursor (it becomes this row), not copied there: a row of every
    // transaction, and a typed array's `set` of four words costs more than the words.
    rng.save(this.cursorState, 0);
    this.firstWords[row] = firstDraw(this.cursorState);
    const step = (rng.draws - this.chainDraws) | 0;
    if (!this.open || step < 0 || step > MAX_STEP || row - this.lastAnchor >= ANCHOR_EVERY) {
      this.keep(row, rng, ANCHOR);
      this.lastAnchor = row;
    } else this.steps[row] = step;
    this.chainDraws = rng.draws;
    this.open = true;
    this.cursorRow = row;
  }

  /** Row `row` (the table's newest) has the id `id` (32 bytes), outside the chain. */
  give(row: number, id: Uint8Array): void {
    this.steps[row] = GIVEN;
    this.firstWords[row] = readWord(id, 0);
    this.given.set(row, id.slice());
  }

  /** The id of `row` when it was given rather than drawn; undefined for a drawn one. */
  givenId(row: number): Uint8Array | undefined {
    return this.steps[row] === GIVEN ? this.given.get(row) : undefined;
  }

  /** Row `row` (the table's newest) has the id of row `fromRow` of `from`. */
  copy(row: number, from: IdColumn, fromRow: number): void {
    const given = from.givenId(fromRow);
    if (given) return this.give(row, given);
    this.keep(row, from.at(fromRow), FOREIGN);
    this.firstWords[row] = from.firstWords[fromRow] as number;
  }

  /** Word 0 of the id of `row`, without finding its state. */
  firstWord(row: number): number {
    return this.firstWords[row] as number;
  }

  /** A generator whose next draws are the id of `row`; valid until the next call. */
  at(row: number): Rng {
    if (this.steps[row] === FOREIGN) return scratch.restore(this.keptStates, this.keptAt(row) * 4);
    let skipped = 0;
    for (let r = row; ; r--) {
      if (r === this.cursorRow) {
        scratch.restore(this.cursorState, 0);
        break;
      }
      const step = this.steps[r] as number;
      if (step === ANCHOR) {
        scratch.restore(this.keptStates, this.keptAt(r) * 4);
        break;
      }
      if (step <= MAX_STEP) skipped += step;
    }
    scratch.skip(skipped);
    scratch.save(this.cursorState, 0);
    this.cursorRow = row;
    return scratch;
  }

  /** Forgets the rows at or past `count`; the chain starts again at the next row. */
  truncate(count: number): void {
    for (const row of this.given.keys()) if (row >= count) this.given.delete(row);
    while (this.kept > 0 && (this.keptRows[this.kept - 1] as number) >= count) this.kept--;
    this.open = false;
    if (this.cursorRow >= count) this.cursorRow = -1;
  }

  resize(capacity: number): void {
    this.steps = grow(this.steps, capacity, Uint8Array);
    this.firstWords = grow(this.firstWords, capacity, Uint32Array);
  }

  /** Releases the unused capacity of the whole states (`resize` does the per-row arrays'). */
  trim(): void {
    const n = Math.max(this.kept, 1);
    this.keptRows = grow(this.keptRows, n, Int32Array);
    this.keptStates = grow(this.keptStates, n * 4, Uint32Array);
  }

  private keep(row: number, rng: Rng, mark: number): void {
    this.steps[row] = mark;
    if (this.kept === this.keptRows.length) {
      const n = Math.max(16, this.kept * 2);
      this.keptRows = grow(this.keptRows, n, Int32Array);
      this.keptStates = grow(this.keptStates, n * 4, Uint32Array);
    }
    this.keptRows[this.kept] = row;
    rng.save(this.keptStates, this.kept * 4);
    this.kept++;
  }

  /** The index of `row` among the rows kept whole (it is one of them). */
  private keptAt(row: number): number {
    let lo = 0;
    let hi = this.kept - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keptRows[mid] as number) < row) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** sfc32's first draw from a state (a, b, c, d): a + b + d. */
function firstDraw(state: Uint32Array): number {
  return ((state[0] as number) + (state[1] as number) + (state[3] as number)) >>> 0;
}
