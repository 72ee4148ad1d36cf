/**
 * The ceilings of bench/first-answer.ts (issues 23 and 39 point 6), each held on its own: a
 * start's median under a fixed number of milliseconds, and the CLI's first answer also at most
 * twice node's own boot on the same Node in the same run. Neither stands in for the other: a
 * quick machine can pass the first and miss the second, a slow one the other way round.
 */
export interface Ceiling {
  /** What it allows, as the table prints it: `< 250`, `≤ 94 (2 × 47)`. */
  says: string;
  met: boolean;
}

export function under(medianMs: number, ceilingMs: number): Ceiling {
  return { says: `< ${ceilingMs}`, met: medianMs < ceilingMs };
}

export function withinTwiceBoot(medianMs: number, bootMs: number): Ceiling {
  return {
    says: `≤ ${(2 * bootMs).toFixed(0)} (2 × ${bootMs.toFixed(0)})`,
    met: medianMs <= 2 * bootMs,
  };
}

/** A table cell: the ceiling and whether the median holds it; empty for a row without it. */
export function ceilingCell(ceiling: Ceiling | undefined): string {
  return ceiling ? `${ceiling.says}: ${ceiling.met ? 'within' : 'OVER'}` : '';
}

/** The verdict line: each missed ceiling by its row, or that all held. */
export function ceilingVerdict(rows: Array<{ what: string; medianMs: number; ceilings: Ceiling[] }>): string {
  const missed = rows.flatMap((row) =>
    row.ceilings
      .filter((c) => !c.met)
      .map((c) => `${row.what}: median ${row.medianMs.toFixed(0)} ms, ceiling ${c.says}`),
  );
  return missed.length ? `Ceilings missed: ${missed.join('; ')}.` : 'Ceilings met.';
}
