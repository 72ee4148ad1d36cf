import { describe, expect, it } from 'vitest';
import { NarrowColumn } from './narrow-column.ts';

describe('NarrowColumn', () => {
  it('gives back every number it was given, those its type cannot hold included', () => {
    const values = [0, 1, 254, 255, 256, -1, 0.5, 2 ** 32, Number.MAX_SAFE_INTEGER, 7];
    const c = new NarrowColumn(values.length, Uint8Array);
    values.forEach((v, row) => c.append(row, v));
    expect(values.map((_, row) => c.at(row))).toEqual(values);
  });

  it('holds 32-bit values dense and a fee above 2^32 exactly', () => {
    const values = [0xffff_fffe, 0xffff_ffff, 2 ** 32, 2 ** 40 + 3];
    const c = new NarrowColumn(values.length, Uint32Array);
    values.forEach((v, row) => c.append(row, v));
    expect(values.map((_, row) => c.at(row))).toEqual(values);
  });

  it('keeps its rows when it grows, and forgets a cut overflow row so it can be appended anew', () => {
    const c = new NarrowColumn(2, Uint8Array);
    c.append(0, 3);
    c.append(1, 300);
    c.resize(4);
    c.append(2, 400);
    c.truncate(2);
    c.append(2, 600);
    c.append(3, 9);
    c.trim();
    expect([0, 1, 2, 3].map((row) => c.at(row))).toEqual([3, 300, 600, 9]);
  });
});
