import { describe, expect, it } from 'vitest';
import { HashIndex } from './hash-index.ts';
import { Rng } from '../world/generate/rng.ts';

describe('HashIndex', () => {
  it('finds every key it holds and nothing else', () => {
    const rows = 1000;
    const keys = new Rng(2).bytes(rows * 32);
    // Two keys sharing their first four bytes must still be told apart.
    keys.copyWithin(32, 0, 4);
    const index = new HashIndex(() => keys, rows);
    for (let row = 0; row < rows; row++) expect(index.find(keys.subarray(row * 32, row * 32 + 32))).toBe(row);
    const missing = keys.slice(0, 32);
    missing[31] = (missing[31]! + 1) % 256;
    expect(index.find(missing)).toBe(-1);
  });
});
