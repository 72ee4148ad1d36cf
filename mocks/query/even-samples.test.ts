import { describe, expect, it } from 'vitest';
import { EvenSamples, SAMPLES } from './even-samples.ts';

/** What the catalogue kept before: the whole list, then SAMPLES of it spread evenly. */
function spread(items: number[]): number[] {
  if (items.length <= SAMPLES) return items;
  return Array.from({ length: SAMPLES }, (_, i) => items[Math.floor((i * items.length) / SAMPLES)] as number);
}

describe('EvenSamples', () => {
  it('keeps what spreading the whole list keeps, for every length, without holding the lists', () => {
    for (const length of [0, 1, 4, 5, 6, 7, 11, 99, 1000, 12_345]) {
      const lists = [0, 1, 2].map((l) => Array.from({ length: length + l * 3 }, (_, i) => i * 10 + l));
      const samples = new EvenSamples(lists.length);
      for (let pass = 0; pass < 2; pass++) {
        // Interleaved, as a scan over a table visits its lists.
        for (let i = 0; i < length + 6; i++)
          lists.forEach((items, l) => i < items.length && samples.add(l, items[i] as number));
        if (pass === 0) samples.rewind();
      }
      expect(samples.picked).toEqual(lists.map(spread));
    }
  });
});
