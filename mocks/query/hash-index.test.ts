import { describe, expect, it } from 'vitest';
import { byteKeys, HashIndex, txIdKeys } from './hash-index.ts';
import { Rng } from '../world/generate/rng.ts';
import { TxTable } from '../world/tables/tx-table.ts';

describe('HashIndex', () => {
  it('finds every key it holds and nothing else', () => {
    const rows = 1000;
    const keys = new Rng(2).bytes(rows * 32);
    // Two keys sharing their first four bytes must still be told apart.
    keys.copyWithin(32, 0, 4);
    const index = new HashIndex(() => byteKeys(keys), rows);
    for (let row = 0; row < rows; row++) expect(index.find(keys.subarray(row * 32, row * 32 + 32))).toBe(row);
    const missing = keys.slice(0, 32);
    missing[31] = (missing[31]! + 1) % 256;
    expect(index.find(missing)).toBe(-1);
  });

  it('finds transactions by the ids their table draws again from saved states', () => {
    const table = new TxTable(4);
    const rng = new Rng(3);
    for (let row = 0; row < 100; row++) {
      table.push(table.draftOf(0));
      table.drawId(row, rng);
    }
    const index = new HashIndex(() => txIdKeys(table), table.count);
    for (let row = 0; row < 100; row++) expect(index.find(table.idBytes(row))).toBe(row);
    const missing = table.idBytes(7);
    missing[0] = (missing[0]! + 1) % 256;
    expect(index.find(missing)).toBe(-1);
  });
});
