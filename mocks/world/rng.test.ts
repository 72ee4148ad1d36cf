import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';

describe('Rng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const r = new Rng(seed);
      return Array.from({ length: 8 }, () => r.u32());
    };
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
  });

  it('is pinned: the same numbers on every machine and engine', () => {
    const r = new Rng(1);
    expect([r.u32(), r.u32(), r.u32()]).toMatchInlineSnapshot(`
      [
        1828152527,
        3394835397,
        2967886022,
      ]
    `);
  });

  it('stays in range and covers it', () => {
    const r = new Rng(9);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = r.range(3, 7);
      expect(x).toBeGreaterThanOrEqual(3);
      expect(x).toBeLessThanOrEqual(7);
      seen.add(x);
      const f = r.next();
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('draws weighted choices in proportion', () => {
    const r = new Rng(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) counts[r.weighted([1, 0, 3])]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.7);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.3);
  });

  it('reads draws from a saved state: the nth without drawing, and 32 bytes against a key', () => {
    const r = new Rng(11);
    const state = new Uint32Array(6);
    r.save(state, 2);
    const words = Array.from({ length: 17 }, () => r.u32());
    words.forEach((word, n) => expect(Rng.drawAt(state, 2, n)).toBe(word));
    const key = new Rng(0).restore(state, 2).bytes(32);
    expect(new Rng(0).restore(state, 2).matches(key)).toBe(true);
    key[30] = (key[30]! + 1) % 256;
    expect(new Rng(0).restore(state, 2).matches(key)).toBe(false);
  });
});
