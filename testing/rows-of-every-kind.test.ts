import { describe, expect, it } from 'vitest';
import { rowsOfEveryKind } from './rows-of-every-kind.ts';

describe('rowsOfEveryKind', () => {
  const kindsOf = (row: number): string[] => (row === 977 ? ['rare'] : [String(row % 3)]);

  it('holds the first row of every kind, the rare one too, and the sample, each once, in order', () => {
    const rows = rowsOfEveryKind(1_000, kindsOf, 50);
    expect(rows.slice(0, 3)).toEqual([0, 1, 2]);
    expect(rows).toContain(977);
    expect(rows).toHaveLength(54);
    expect(rows).toEqual([...new Set(rows)].sort((a, b) => a - b));
  });

  it("takes each kind's cheapest row, a row standing for every kind it is of", () => {
    const cost = (row: number): number => (row === 500 ? -1 : row);
    const both = (row: number): string[] => (row === 500 ? ['a', 'b'] : [row % 2 ? 'a' : 'b']);
    expect(rowsOfEveryKind(1_000, both, 0, { cost })).toEqual([500]);
  });

  it('draws the same sample for the same seed, another for another', () => {
    expect(rowsOfEveryKind(1_000, kindsOf, 50)).toEqual(rowsOfEveryKind(1_000, kindsOf, 50));
    expect(rowsOfEveryKind(1_000, kindsOf, 50, { seed: 2 })).not.toEqual(rowsOfEveryKind(1_000, kindsOf, 50));
  });

  it('a sample larger than the table is the whole table', () => {
    expect(rowsOfEveryKind(10, kindsOf, 50)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
