import { describe, expect, it } from 'vitest';
import { SparseColumn } from './sparse-column.ts';

describe('SparseColumn', () => {
  it('answers the empty value except where a row was set, past its initial capacity', () => {
    const c = new SparseColumn(-1);
    for (let row = 0; row < 100; row += 3) c.append(row, row * 10);
    c.append(100, -1);
    expect(c.at(0)).toBe(0);
    expect(c.at(99)).toBe(990);
    expect(c.at(98)).toBe(-1);
    expect(c.at(100)).toBe(-1);
    expect(c.at(1000)).toBe(-1);
  });

  it('forgets the rows a truncation cuts, so the table can append them anew', () => {
    const c = new SparseColumn(0);
    c.append(2, 7);
    c.append(5, 8);
    c.truncate(5);
    expect(c.at(5)).toBe(0);
    c.append(5, 9);
    c.trim();
    expect([c.at(2), c.at(5)]).toEqual([7, 9]);
  });

  it('visits the rows set, in order, and none cut by a truncation', () => {
    const c = new SparseColumn(-1);
    for (const row of [1, 4, 9, 12]) c.append(row, row * 2);
    c.append(13, -1);
    c.truncate(12);
    const seen: number[][] = [];
    c.forEachSet((row, value) => seen.push([row, value]));
    expect(seen).toEqual([
      [1, 2],
      [4, 8],
      [9, 18],
    ]);
  });

  it('holds numbers past Int32 when given Float64Array values, through growing and trimming', () => {
    const c = new SparseColumn(0, Float64Array);
    for (let row = 0; row < 40; row++) c.append(row, 2 ** 40 + row);
    c.trim();
    expect([c.at(0), c.at(39)]).toEqual([2 ** 40, 2 ** 40 + 39]);
  });

  it('refuses a row that does not come after the last one set', () => {
    const c = new SparseColumn(-1);
    c.append(4, 1);
    expect(() => c.append(4, 2)).toThrow(/must ascend/);
  });
});
