/**
 * The known name a mistyped one most likely meant: within a third of its length in edits (one at
 * least), else undefined, so `--port` is not offered `--out`.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: { known: string; d: number } | undefined;
  for (const candidate of known) {
    const d = editDistance(name, candidate);
    if (!best || d < best.d) best = { known: candidate, d };
  }
  return best && best.d <= Math.max(1, Math.floor(name.length / 3)) ? best.known : undefined;
}

/**
 * The fewest single-character insertions, deletions, substitutions or swaps of two neighbours
 * from a to b (Levenshtein's distance, with a swap one edit: `--prot` is one from `--port`).
 */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      next[j] = d;
    }
    before = row;
    row = next;
  }
  return row[b.length] ?? 0;
}
