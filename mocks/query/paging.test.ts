import { describe, expect, it } from 'vitest';
import { ChainBuilder } from '../world/generate/build-chain.ts';
import { resolveOptions } from '../world/options.ts';
import { cursorPage, firstWhere, listingOf, offsetPage } from './paging.ts';
import { comparePositions, txPosition } from './principal-activity.ts';

const letters = listingOf(['a', 'b', 'c', 'd', 'e']);

describe('paging', () => {
  it('gives an offset page its window of rows and the list’s length, or 0 on an empty page where asked', () => {
    expect(offsetPage(letters, { limit: 2, offset: 1 })).toEqual({
      limit: 2,
      offset: 1,
      total: 5,
      results: ['b', 'c'],
    });
    expect(offsetPage(letters, { limit: 2, offset: 9 })).toEqual({
      limit: 2,
      offset: 9,
      total: 5,
      results: [],
    });
    expect(offsetPage(letters, { limit: 2, offset: 9 }, 'whenShown').total).toBe(0);
  });

  it('finds a cursor’s row by binary search, and points previous as each list does', () => {
    expect(firstWhere(letters, (row) => row >= 'c')).toBe(2);
    expect(firstWhere(letters, () => false)).toBe(5);
    const page = (previous: 'nearest' | 'whole-page') =>
      cursorPage(letters, { limit: 3, fromCursor: (row) => row >= 'c', keyOf: (row) => row, previous });
    expect(page('nearest')).toEqual({
      results: ['c', 'd', 'e'],
      cursor: { next: null, previous: 'a', current: 'c' },
    });
    expect(page('whole-page').cursor.previous).toBeNull();
    expect(
      cursorPage(letters, { limit: 2, fromCursor: undefined, keyOf: (row) => row, previous: 'nearest' })
        .cursor,
    ).toEqual({
      next: 'c',
      previous: null,
      current: 'a',
    });
  });

  it('may seek a transaction cursor by binary search: positions ascend with the rows, mined blocks too', () => {
    const builder = new ChainBuilder(resolveOptions({ seed: 7, network: 'testnet', blocks: 300 }));
    builder.build();
    for (let i = 0; i < 5; i++) builder.mine();
    const chain = builder.current;
    expect(chain.microblocks.count).toBeGreaterThan(0);
    const out: number[] = [];
    for (let tx = 1; tx < chain.txs.count; tx++)
      if (comparePositions(txPosition(chain, tx - 1), txPosition(chain, tx)) >= 0) out.push(tx);
    expect(out).toEqual([]);
  });
});
