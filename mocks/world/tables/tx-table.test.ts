import { describe, expect, it } from 'vitest';
import { Rng } from '../generate/rng.ts';
import { toHex } from '../hex.ts';
import { TxTable } from './tx-table.ts';

describe('TxTable ids', () => {
  it('are the bytes the generator draws, and the generator moves past them as if it drew them', () => {
    const drawn = new Rng(9);
    const kept = new Rng(9);
    const table = new TxTable(1);
    for (let row = 0; row < 3; row++) {
      table.push(table.draftOf(0));
      table.drawId(row, kept);
      const bytes = drawn.bytes(32);
      expect(table.idHex(row)).toBe(toHex(bytes));
      expect(table.idByte(row, 5)).toBe(bytes[5]);
      expect(table.idEquals(row, bytes)).toBe(true);
    }
    expect(kept.u32()).toBe(drawn.u32());
  });

  it('travel with a copied row', () => {
    const from = new TxTable(1);
    from.push(from.draftOf(0));
    from.drawId(0, new Rng(4));
    const to = new TxTable(1);
    to.push(to.draftOf(0));
    to.drawId(0, new Rng(5));
    expect(to.idHex(to.copyRow(from, 0))).toBe(from.idHex(0));
  });
});

describe('TxTable narrow columns', () => {
  it('round-trip a fee above 2^32 and a memo choice past 255, through a copy and a cut', () => {
    const table = new TxTable(1);
    const big = { ...table.draftOf(0), fee: 2 ** 32 + 5, aux: 256 };
    table.push({ ...table.draftOf(0), fee: 180, aux: 3 });
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
