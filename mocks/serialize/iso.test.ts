import { describe, expect, it } from 'vitest';
import { isoOf } from './iso.ts';

describe('isoOf', () => {
  it('writes what Date#toISOString writes, day after day through leap years', () => {
    for (let t = 0; t < 4_102_444_800; t += 86_399 * 3 + 7)
      expect(isoOf(t)).toBe(new Date(t * 1000).toISOString());
  });

  it('handles the edges of days, months and leap days', () => {
    for (const iso of [
      '2024-01-01T00:00:00.000Z',
      '2024-02-29T23:59:59.000Z',
      '2024-03-01T00:00:00.000Z',
      '2100-02-28T12:00:00.000Z',
      '2000-02-29T00:00:01.000Z',
    ]) {
      expect(isoOf(Date.parse(iso) / 1000)).toBe(iso);
    }
  });
});
