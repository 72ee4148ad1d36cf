import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { parseHash32, toHex } from '../hex.ts';
import { bindIdSource, blankDraft, TxTable } from './tx-table.ts';

describe('TxTable ids', () => {
  it('are the bytes the generator draws, and the generator moves past them as if it drew them', () => {
    const drawn = new Rng(9);
    const kept = new Rng(9);
    const table = new TxTable(1);
    for (let row = 0; row < 3; row++) {
      table.push(blankDraft());
      table.drawId(row, kept);
      const bytes = drawn.bytes(32);
      expect(table.idHex(row)).toBe(toHex(bytes));
      expect(table.seedByte(row, 5)).toBe(bytes[5]);
      expect(table.idEquals(row, bytes)).toBe(true);
    }
    expect(kept.u32()).toBe(drawn.u32());
  });

  it('travel with a copied row', () => {
    const from = new TxTable(1);
    from.push(blankDraft());
    from.drawId(0, new Rng(4));
    const to = new TxTable(1);
    to.push(blankDraft());
    to.drawId(0, new Rng(5));
    expect(to.idHex(to.copyRow(from, 0))).toBe(from.idHex(0));
  });

  it('are found again for many rows drawn among other draws, other generators and copied rows', () => {
    const ids = new IdLedger();
    for (let row = 0; row < 1000; row++)
      ids.append(row % 7 === 3 ? 'declared' : row % 11 === 5 ? 'copy' : 'world');
    ids.expectAll();
  });

  it('are found again after a truncation and new rows, and past a gap too long for a step', () => {
    const ids = new IdLedger();
    for (let row = 0; row < 300; row++) ids.append(row % 13 === 0 ? 'declared' : 'world');
    ids.table.idHex(250);
    ids.truncate(200);
    // The generator drew on for the rows that left: the next row is far from the last kept one.
    ids.world.skip(5000);
    for (let row = 0; row < 150; row++) ids.append(row % 17 === 0 ? 'copy' : 'world');
    ids.world.skip(70_000);
    for (let row = 0; row < 100; row++) ids.append('world');
    ids.expectAll();
  });
});

describe('TxTable ids derived from a source', () => {
  it('are computed once asked, read their seed while computing, survive a copy and leave with a cut', () => {
    const table = new TxTable(1);
    const asked: number[] = [];
    const seenWhileComputing: string[] = [];
    bindIdSource(table, (row) => {
      asked.push(row);
      seenWhileComputing.push(table.idHex(row));
      return new Uint8Array(32).fill(row + 1);
    });
    const rng = new Rng(3);
    for (let row = 0; row < 3; row++) {
      table.push(blankDraft());
      table.drawId(row, rng);
      table.deriveId(row);
    }
    const seed = table.seedBytes(1);
    expect(asked).toEqual([]);
    expect(table.idPending(1)).toBe(true);
    expect(table.idWord(1, 0)).toBe(0x02020202);
    expect(table.idBytes(1)).toEqual(new Uint8Array(32).fill(2));
    expect(asked).toEqual([1]);
    expect(seenWhileComputing).toEqual([toHex(seed)]);
    expect(table.idEquals(2, new Uint8Array(32).fill(3))).toBe(true);
    const copy = new TxTable(1);
    const at = copy.copyRow(table, 0);
    expect(copy.hasWholeId(at)).toBe(true);
    expect(copy.idBytes(at)).toEqual(new Uint8Array(32).fill(1));
    table.truncate(1);
    table.push(blankDraft());
    table.drawId(1, rng);
    expect(table.hasId(1)).toBe(false);
  });
});

describe('TxTable narrow columns', () => {
  it('round-trip a fee above 2^32 and a memo choice past 255, through a copy and a cut', () => {
    const table = new TxTable(1);
    const big = { ...blankDraft(), fee: 2 ** 32 + 5, aux: 256 };
    table.push({ ...blankDraft(), fee: 180, aux: 3 });
    table.push(big);
    table.push(big);
    table.truncate(1);
    table.push({ ...big, fee: 2 ** 33 });
    table.push({ ...big, fee: 7, aux: 1 });
    table.trim();
    const copy = new TxTable(1);
    copy.copyRow(table, 1);
    const fields = (t: TxTable, row: number) => [t.fee.at(row), t.aux.at(row)];
    expect([0, 1, 2].map((row) => fields(table, row))).toEqual([
      [180, 3],
      [2 ** 33, 256],
      [7, 1],
    ]);
    expect(fields(copy, 0)).toEqual([2 ** 33, 256]);
  });
});

/** A table whose ids are drawn as the world draws them, and the ids it should give back. */
class IdLedger {
  readonly world = new Rng(1);
  readonly table = new TxTable(1);
  private readonly declared = new Rng(2);
  private readonly mempool = new TxTable(1);
  private readonly other = new Rng(3);
  private expected: string[] = [];

  append(source: 'world' | 'declared' | 'copy'): void {
    // A transaction draws a few dozen words besides its id.
    this.world.skip(this.world.int(80));
    if (source === 'copy') {
      const from = this.mempool.push(blankDraft());
      this.expected.push(this.drawInto(this.mempool, from, this.other));
      this.table.copyRow(this.mempool, from);
      return;
    }
    const row = this.table.push(blankDraft());
    this.expected.push(this.drawInto(this.table, row, source === 'world' ? this.world : this.declared));
  }

  truncate(count: number): void {
    this.table.truncate(count);
    this.expected = this.expected.slice(0, count);
  }

  /** Every id, in order, backwards and scattered (so each row is found from elsewhere). */
  expectAll(): void {
    const n = this.expected.length;
    expect(this.table.count).toBe(n);
    const order = [...Array(n).keys()];
    const scattered = order.map((i) => (i * 389) % n);
    for (const row of [...order, ...order.reverse(), ...scattered]) {
      const id = this.expected[row] as string;
      const key = parseHash32(id) as Uint8Array;
      expect(this.table.idHex(row)).toBe(id);
      expect(this.table.idWord(row, 0)).toBe(new DataView(key.buffer).getUint32(0, true));
      expect(this.table.idEquals(row, key)).toBe(true);
    }
  }

  private drawInto(table: TxTable, row: number, rng: Rng): string {
    const state = new Uint32Array(4);
    rng.save(state, 0);
    table.drawId(row, rng);
    return toHex(new Rng(0).restore(state, 0).bytes(32));
  }
}
