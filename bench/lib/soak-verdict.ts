export interface SoakSample {
  /** Seconds since the load started. */
  t: number;
  /** The mock's resident set size, bytes. */
  rss: number;
  fds: number;
  /** Answers received so far. */
  requests: number;
  /** The chain's tip height as `/extended` reported it at this sample (it moves when the clock is on). */
  tip: number;
}

export interface SoakTolerances {
  /** RSS may end this much above where it stood after warm-up: a share of it, or bytes, the larger. */
  rssGrowthShare: number;
  rssGrowthBytes: number;
  /** Open file descriptors may end this many above where they stood after warm-up. */
  fdGrowth: number;
}

/** GC keeps a busy heap's size moving by some MiB; a leak climbs past this within minutes. */
export const SOAK_TOLERANCES: SoakTolerances = {
  rssGrowthShare: 0.1,
  rssGrowthBytes: 16 * 2 ** 20,
  fdGrowth: 0,
};

export interface SoakFigures {
  /** Blocks the chain gained over the run. */
  blocksMined: number;
  rssStart: number;
  rssAfterWarmup: number;
  rssMiddle: number;
  rssEnd: number;
  fdsStart: number;
  fdsAfterWarmup: number;
  fdsEnd: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/**
 * Where memory and descriptors stood: at start (the first sample, before load settles), just
 * after warm-up and at the end (medians of three samples each, so one GC pause or one sample
 * caught mid-collection does not decide), and in the middle.
 */
export function soakFigures(samples: SoakSample[], warmupSeconds: number): SoakFigures {
  if (samples.length < 7) throw new Error(`a soak needs at least 7 samples to judge, got ${samples.length}`);
  const after = samples.filter((s) => s.t >= warmupSeconds);
  if (after.length < 6)
    throw new Error(
      `a soak needs at least 6 samples after its ${warmupSeconds} s warm-up, got ${after.length}`,
    );
  const first = samples[0] as SoakSample;
  const early = after.slice(0, 3);
  const late = samples.slice(-3);
  const end = samples.at(-1) as SoakSample;
  const middle = samples.reduce((best, s) =>
    Math.abs(s.t - end.t / 2) < Math.abs(best.t - end.t / 2) ? s : best,
  );
  return {
    blocksMined: end.tip - first.tip,
    rssStart: first.rss,
    rssAfterWarmup: median(early.map((s) => s.rss)),
    rssMiddle: middle.rss,
    rssEnd: median(late.map((s) => s.rss)),
    fdsStart: first.fds,
    fdsAfterWarmup: median(early.map((s) => s.fds)),
    fdsEnd: median(late.map((s) => s.fds)),
  };
}

export interface SoakCounts {
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/**
 * Every way the soak failed: an answer other than 200 or 404, an error, memory or descriptor
 * growth, or a clock that never moved the chain. Empty when it held.
 */
export function soakProblems(
  figures: SoakFigures,
  counts: SoakCounts,
  blockTimeSeconds: number,
  tolerances: SoakTolerances = SOAK_TOLERANCES,
): string[] {
  const problems: string[] = [];
  // A clocked soak that mined nothing proved nothing about the caches of old tips.
  if (blockTimeSeconds > 0 && figures.blocksMined < 2)
    problems.push(
      `the chain did not move: ${figures.blocksMined} blocks mined with a block every ${blockTimeSeconds} s`,
    );
  for (const [status, n] of Object.entries(counts.statuses)) {
    if (status !== '200' && status !== '404' && n > 0) problems.push(`status ${status} answered ${n} times`);
  }
  if (counts.errors > 0) problems.push(`${counts.errors} connection errors or timeouts`);
  const allowed = Math.max(figures.rssAfterWarmup * tolerances.rssGrowthShare, tolerances.rssGrowthBytes);
  const grew = figures.rssEnd - figures.rssAfterWarmup;
  if (grew > allowed)
    problems.push(
      `RSS grew ${mib(grew)} after warm-up (${mib(figures.rssAfterWarmup)} → ${mib(figures.rssEnd)}), more than the ${mib(allowed)} allowed`,
    );
  const fdsGrew = figures.fdsEnd - figures.fdsAfterWarmup;
  if (fdsGrew > tolerances.fdGrowth)
    problems.push(
      `open file descriptors grew by ${fdsGrew} after warm-up (${figures.fdsAfterWarmup} → ${figures.fdsEnd})`,
    );
  return problems;
}
