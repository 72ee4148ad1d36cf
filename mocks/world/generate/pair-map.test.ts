import { describe, expect, it } from 'vitest';
import { PairMap } from './pair-map.ts';

describe('PairMap', () => {
  it('reads a key never set as its missing value, and a set key as its last value', () => {
    const m = new PairMap(-1);
    expect(m.get(3, 7)).toBe(-1);
    m.set(3, 7, 10);
    m.set(3, 7, 11);
    expect(m.get(3, 7)).toBe(11);
    expect(m.get(7, 3)).toBe(-1);
    expect(m.get(3, 8)).toBe(-1);
  });

  it('keeps every key through its growth', () => {
    const m = new PairMap(0);
    for (let a = 0; a < 300; a++) for (let b = 0; b < 40; b++) m.set(a, b * 7919, a * 1000 + b + 0.5);
    for (let a = 0; a < 300; a++)
      for (let b = 0; b < 40; b++) expect(m.get(a, b * 7919)).toBe(a * 1000 + b + 0.5);
    expect(m.get(300, 0)).toBe(0);
  });

  it('tells apart second keys that are not small integers, and takes -0 for 0 as a Map does', () => {
    const m = new PairMap(0);
    const keys = [2 ** 40, 2 ** 40 + 1, 2 ** 53 - 1, 1.5, 4_294_967_296 * 3, 0];
    keys.forEach((b, i) => m.set(1, b, i + 1));
    keys.forEach((b, i) => expect(m.get(1, b)).toBe(i + 1));
    expect(m.get(1, -0)).toBe(6);
  });

  it('refuses a first key that is not a non-negative integer', () => {
    const m = new PairMap(0);
    expect(() => m.set(-1, 0, 1)).toThrow(RangeError);
    expect(() => m.set(0.5, 0, 1)).toThrow(RangeError);
  });
});
