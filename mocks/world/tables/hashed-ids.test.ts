import { describe, expect, it } from 'vitest';
import { DERIVED, HashedIds, RECENT_IDS } from './hashed-ids.ts';

/** A table of `rows` derived ids, and a source that counts the rows it hashes. */
function derivedTable(rows: number): {
  ids: HashedIds;
  source: (row: number) => Uint8Array;
  hashed: number[];
} {
  const ids = new HashedIds(rows);
  for (let row = 0; row < rows; row++) ids.derive(row);
  const hashed: number[] = [];
  const source = (row: number) => {
    hashed.push(row);
    const id = new Uint8Array(32);
    new DataView(id.buffer).setUint32(0, row + 1, true);
    return id;
  };
  return { ids, source, hashed };
}

describe('HashedIds, its recent whole ids', () => {
  it('evict the least recently used when full: one more row than they hold rehashes one row, not all', () => {
    const { ids, source, hashed } = derivedTable(RECENT_IDS + 1);
    for (let row = 0; row < RECENT_IDS; row++) ids.bytes(row, source);
    expect(hashed).toHaveLength(RECENT_IDS);
    // Row 0 read again: row 1 is now the least recently used, and leaves for the one more.
    ids.bytes(0, source);
    ids.bytes(RECENT_IDS, source);
    hashed.length = 0;
    for (let row = 0; row <= RECENT_IDS; row++) if (row !== 1) ids.bytes(row, source);
    expect(hashed).toEqual([]);
    expect(ids.bytes(1, source)[0]).toBe(2);
    expect(hashed).toEqual([1]);
  });

  it('keep the whole id the first word was learned from: a row headed, then served, is hashed once', () => {
    const { ids, source, hashed } = derivedTable(3);
    expect(ids.stateOf(2)).toBe(DERIVED);
    expect(ids.head(2, source)).toBe(3);
    expect(ids.bytes(2, source)[0]).toBe(3);
    expect(hashed).toEqual([2]);
  });

  it('give a fresh copy each time: a caller changing its id changes no other', () => {
    const { ids, source } = derivedTable(1);
    ids.bytes(0, source).fill(0xff);
    expect(ids.bytes(0, source)[0]).toBe(1);
  });
});
