import { describe, expect, it } from 'vitest';
import { percentileCont } from './percentile.ts';

describe('percentileCont', () => {
  it('interpolates linearly between ranks, like PostgreSQL percentile_cont', () => {
    // SELECT percentile_cont(x) WITHIN GROUP (ORDER BY v) FROM (VALUES (1),(2),(3),(4)) t(v)
    expect(percentileCont([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(percentileCont([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileCont([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(percentileCont([1, 2, 3, 4], 0.95)).toBeCloseTo(3.85, 10);
    expect(percentileCont([10, 20, 40], 0.75)).toBe(30);
  });

  it('returns the value itself for one value and null for none', () => {
    expect(percentileCont([7], 0.95)).toBe(7);
    expect(percentileCont([], 0.5)).toBeNull();
  });

  it('hits the ends at 0 and 1', () => {
    expect(percentileCont([3, 5, 9], 0)).toBe(3);
    expect(percentileCont([3, 5, 9], 1)).toBe(9);
  });
});
