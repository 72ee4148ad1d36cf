import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { toHex } from '../hex.ts';
import { BlockKey, BlockTable } from './block-table.ts';

/** The little-endian word at the start of `bytes`. */
function firstWordOf(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
}

/** The four keys of a row are what these draws wrote, each read every way the table offers. */
function expectKeys(table: BlockTable, row: number, drawn: Record<BlockKey, Uint8Array>): void {
  for (const key of Object.values(BlockKey)) {
    const bytes = drawn[key];
    expect(table.hex(key, row), `key ${key}`).toBe(toHex(bytes));
    expect(table.bytes(key, row)).toEqual(bytes);
    expect(table.firstWord(key, row)).toBe(firstWordOf(bytes));
    expect(table.equals(key, row, bytes)).toBe(true);
    const other = bytes.slice();
    other[31] = (other[31]! + 1) % 256;
    expect(table.equals(key, row, other)).toBe(false);
  }
  expect(table.hex(BlockKey.BurnHash, row, 20)).toBe(toHex(drawn[BlockKey.BurnHash], 0, 20));
  const out = new Uint8Array(40);
  table.bytes(BlockKey.IndexHash, row, out, 8);
  expect(out.subarray(8)).toEqual(drawn[BlockKey.IndexHash]);
}

describe('BlockTable keys', () => {
  it('are the bytes the generator draws, in order, and the generator moves past them as if it drew them', () => {
    const drawn = new Rng(9);
    const kept = new Rng(9);
    // Capacity 1: the tenures outgrow the room kept for them, and growing keeps the drawn ones.
    const table = new BlockTable(1);
    const expected: Record<BlockKey, Uint8Array>[] = [];
    // Two blocks in the first tenure, one in the second.
    const tenures = [1, 1, 2];
    let burn: Uint8Array = new Uint8Array();
    let minerTxid: Uint8Array = new Uint8Array();
    for (let row = 0; row < tenures.length; row++) {
      table.ensureRoom();
      table.count = row + 1;
      const tenure = tenures[row]!;
      table.tenureHeight[row] = tenure;
      if (tenure !== tenures[row - 1]) {
        table.drawTenure(tenure, kept);
        burn = drawn.bytes(32);
        minerTxid = drawn.bytes(32);
      }
      table.drawHashes(row, kept);
      expected.push({
        [BlockKey.Hash]: drawn.bytes(32),
        [BlockKey.IndexHash]: drawn.bytes(32),
        [BlockKey.BurnHash]: burn,
        [BlockKey.MinerTxid]: minerTxid,
      });
      expect(kept.u32()).toBe(drawn.u32());
    }
    expected.forEach((keys, row) => expectKeys(table, row, keys));
    expect(table.hex(BlockKey.BurnHash, 0)).toBe(table.hex(BlockKey.BurnHash, 1));
    expect(table.hex(BlockKey.BurnHash, 1)).not.toBe(table.hex(BlockKey.BurnHash, 2));
  });
});
