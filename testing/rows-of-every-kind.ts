import { Rng } from '../mocks/world/rng.ts';

export interface KindChoice {
  /** Draws the sample; the same seed, the same rows. */
  seed?: number;
  /** What walking a row costs (its history's length, say): each kind's cheapest row is taken. The row's index when not set. */
  cost?: (row: number) => number;
}

/**
 * The rows of a table a test walks where walking them all through the request pipeline cost most
 * of its time: for every kind `kindsOf` names (what the code under test branches on; a row may be
 * of several), its cheapest row, and `sample` more drawn by a fixed seed, so a fault confined to
 * one kind of row is still met, and one that depends on something the kinds leave out may be.
 * In ascending order, each once.
 */
export function rowsOfEveryKind(
  count: number,
  kindsOf: (row: number) => Iterable<string>,
  sample: number,
  { seed = 1, cost = (row) => row }: KindChoice = {},
): number[] {
  const cheapest = new Map<string, number>();
  for (let row = 0; row < count; row++)
    for (const kind of kindsOf(row)) {
      const best = cheapest.get(kind);
      if (best === undefined || cost(row) < cost(best)) cheapest.set(kind, row);
    }
  const rows = new Set(cheapest.values());
  const rng = new Rng(seed);
  const size = Math.min(count, rows.size + sample);
  while (rows.size < size) rows.add(rng.u32() % count);
  return [...rows].sort((a, b) => a - b);
}
