import { describe, expect, it } from 'vitest';
import { blockKeys, HashIndex, txIdKeys, type KeyColumn } from './hash-index.ts';
import { BlockKey, BlockTable } from '../world/tables/block-table.ts';
import { Rng } from '../world/rng.ts';
import { TxTable } from '../world/tables/tx-table.ts';

describe('HashIndex', () => {
  it('finds blocks by the hashes and index hashes their table draws again, and nothing else', () => {
    const rows = 1000;
    const blocks = new BlockTable(rows);
    const rng = new Rng(2);
    for (let row = 0; row < rows; row++) blocks.drawHashes(row, rng);
    blocks.count = rows;
    // Rows 0 and 1 share their hashes' first four bytes (the first draw is a + b + d): still told apart.
    blocks.hashStates.copyWithin(4, 0, 4);
    blocks.hashStates[4] = blocks.hashStates[4]! + 1;
    blocks.hashStates[5] = blocks.hashStates[5]! - 1;
    expect(blocks.firstWord(BlockKey.Hash, 1)).toBe(blocks.firstWord(BlockKey.Hash, 0));
    for (const which of [BlockKey.Hash, BlockKey.IndexHash]) {
      const index = new HashIndex(() => blockKeys(blocks, which), rows);
      for (let row = 0; row < rows; row++) expect(index.find(blocks.bytes(which, row))).toBe(row);
      const missing = blocks.bytes(which, 7);
      missing[31] = (missing[31]! + 1) % 256;
      expect(index.find(missing)).toBe(-1);
    }
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

  it('finds rows appended later, before and after they are sorted in, and the first of equal keys', () => {
    const keys = new Rng(4).bytes(200_000 * 32);
    // Row 150,000 repeats row 10's key: the first row that has a key is the one found.
    keys.copyWithin(150_000 * 32, 10 * 32, 11 * 32);
    const column: KeyColumn = {
      firstWord: (row) => new DataView(keys.buffer).getUint32(row * 32, true),
      equals: (row, key) => key.every((byte, i) => keys[row * 32 + i] === byte),
    };
    const key = (row: number) => keys.slice(row * 32, row * 32 + 32);
    const index = new HashIndex(() => column, 1000);
    expect(index.find(key(1000))).toBe(-1);
    // A block's worth of rows waits aside; a long run of them is sorted in.
    index.extend(1010);
    expect([0, 999, 1000, 1009].map((row) => index.find(key(row)))).toEqual([0, 999, 1000, 1009]);
    expect(index.find(key(1010))).toBe(-1);
    // More of them: the table they wait in grows past its first size.
    index.extend(1100);
    for (let row = 990; row < 1100; row++) expect(index.find(key(row))).toBe(row);
    expect(index.find(key(1100))).toBe(-1);
    index.extend(200_000);
    for (let row = 0; row < 200_000; row += 997) expect(index.find(key(row))).toBe(row);
    expect(index.find(key(150_000))).toBe(10);
    expect(index.find(key(199_999))).toBe(199_999);
  });
});
