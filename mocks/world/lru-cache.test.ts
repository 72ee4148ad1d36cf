import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

function value(n: number): { n: number } {
  return { n };
}

describe('LruCache', () => {
  it('drops the least recently used entry when full, not every entry', () => {
    const cache = new LruCache<string, { n: number }>(3);
    cache.set('a', value(1));
    cache.set('b', value(2));
    cache.set('c', value(3));
    // Read, 'a' is the most recent: 'b' is now the least.
    expect(cache.get('a')).toEqual(value(1));
    cache.set('d', value(4));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([value(1), value(3), value(4)]);
  });

  it('counts a write as a use: an entry set again stays over one set less recently', () => {
    const cache = new LruCache<number, { n: number }>(2);
    cache.set(1, value(1));
    cache.set(2, value(2));
    cache.set(1, value(10));
    cache.set(3, value(3));
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toEqual(value(10));
    expect(cache.size).toBe(2);
  });

  it('answers has() without counting it as a use: the entry asked about is still the one dropped', () => {
    const cache = new LruCache<string, { n: number }>(2);
    cache.set('a', value(1));
    cache.set('b', value(2));
    expect(cache.has('a')).toBe(true);
    cache.set('c', value(3));
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b')).toBe(true);
  });

  it('keeps, over a long mixed run of reads and writes, what a plain recency list keeps', () => {
    const cache = new LruCache<number, { n: number }>(5);
    // The model: keys from least to most recent.
    let order: number[] = [];
    let state = 7;
    for (let step = 0; step < 2000; step++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const key = state % 9;
      if (state % 3 === 0) {
        cache.set(key, value(step));
        order = [...order.filter((k) => k !== key), key].slice(-5);
      } else {
        const hit = cache.get(key) !== undefined;
        expect(hit, `step ${step}, key ${key}`).toBe(order.includes(key));
        if (hit) order = [...order.filter((k) => k !== key), key];
      }
      expect(cache.size).toBe(order.length);
    }
  });

  it('empties on clear', () => {
    const cache = new LruCache<number, { n: number }>(2);
    cache.set(1, value(1));
    cache.set(2, value(2));
    cache.set(3, value(3));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get(2)).toBeUndefined();
    cache.set(4, value(4));
    cache.set(5, value(5));
    cache.set(6, value(6));
    expect([cache.get(4), cache.get(5), cache.get(6)]).toEqual([undefined, value(5), value(6)]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a capacity of %s, naming it', (capacity) => {
    expect(() => new LruCache(capacity)).toThrow(
      `an LRU cache holds at least one entry: capacity ${capacity}`,
    );
  });
});
