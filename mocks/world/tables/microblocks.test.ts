import { describe, expect, it } from 'vitest';
import { MicroblockTable } from './microblocks.ts';

describe('MicroblockTable', () => {
  it('keeps every row through its growth, and forgets those past a truncation', () => {
    const m = new MicroblockTable();
    for (let i = 0; i < 1000; i++) {
      expect(m.push(i % 3, i % 2 === 1)).toBe(i);
      m.hash.fill(i & 0xff, i * 32, i * 32 + 32);
    }
    expect(m.count).toBe(1000);
    for (const i of [0, 255, 256, 999]) {
      expect(m.sequence[i]).toBe(i % 3);
      expect(m.unanchored[i]).toBe(i % 2);
      expect(m.hash.subarray(i * 32, i * 32 + 32).every((b) => b === (i & 0xff))).toBe(true);
    }
    m.truncate(10);
    expect([m.has(-1), m.has(0), m.has(9), m.has(10)]).toEqual([false, true, true, false]);
    expect(m.push(0, true)).toBe(10);
  });
});
