/**
 * Continuous percentile with linear interpolation between the closest ranks, as PostgreSQL's
 * percentile_cont computes it (the real service's mempool statistics use it).
 * `sorted` must be ascending; null for an empty list.
 */
export function percentileCont(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}
