import { int, markdownTable } from './markdown.ts';
import type { SoakCounts, SoakFigures, SoakSample, SoakTolerances } from './soak-verdict.ts';
import type { SoakTargets } from './soak-urls.ts';

export interface SoakRun {
  machine: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  mockArgs: string[];
  /** Seconds between blocks; 0 when the chain stayed frozen. */
  blockTime: number;
  targets: SoakTargets;
  samples: SoakSample[];
  figures: SoakFigures;
  counts: SoakCounts;
  latency: { p50: number; p99: number; max: number };
  tolerances: SoakTolerances;
  problems: string[];
}

function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

/** RSS and descriptors over the run, with the throughput of each interval. */
export function samplesTable(samples: SoakSample[], warmupSeconds: number): string {
  const rows = samples.map((s, i) => {
    const prev = samples[i - 1];
    const rate = prev ? (s.requests - prev.requests) / (s.t - prev.t) : 0;
    return [
      `${s.t}${s.t < warmupSeconds ? ' (warm-up)' : ''}`,
      mib(s.rss),
      String(s.fds),
      int(s.requests),
      prev ? int(rate) : '',
      String(s.tip),
    ];
  });
  return markdownTable(['t (s)', 'RSS MiB', 'open fds', 'answers', 'req/s', 'tip'], rows);
}

export function soakReport(run: SoakRun): string {
  const { figures: f, counts } = run;
  const total = Object.values(counts.statuses).reduce((a, b) => a + b, 0);
  const statuses = Object.entries(counts.statuses)
    .map(([status, n]) => `${status}: ${int(n)}`)
    .join(', ');
  const ops = Object.entries(run.targets.perOperation)
    .map(([op, t]) => `\`${op}\` ${t.paths} (${t.notFound} of them 404)`)
    .join(', ');
  const verdict = run.problems.length
    ? `**Failed:**\n${run.problems.map((p) => `- ${p}`).join('\n')}`
    : `**Held**: no error, memory flat and no descriptor growth after warm-up${run.blockTime ? `, while the chain grew by ${int(f.blocksMined)} blocks` : ''}.`;
  const clock = run.blockTime
    ? `The chain moved all along: a block every ${run.blockTime} s (\`SOAK_BLOCK_TIME\`), each one emptying the response cache, so the answers of every old tip had to be released.`
    : 'The chain stayed frozen (`SOAK_BLOCK_TIME=0`).';
  return [
    '# Soak: all eight operations under concurrent load',
    '',
    `${run.machine}.`,
    `\`make soak\` (\`SOAK_SECONDS=${run.seconds} SOAK_BLOCK_TIME=${run.blockTime}\`): the mock in its own process (\`${run.mockArgs.join(' ')}\`, request log on), autocannon with ${run.connections} keep-alive connections on loopback for ${run.seconds} s, ${run.warmupSeconds} s of it warm-up. Each connection walks ${int(run.targets.paths.length)} paths that take all eight operations in turn; distinct paths per operation: ${ops}.`,
    clock,
    '',
    verdict,
    '',
    '| figure | value |',
    '|---|---:|',
    `| answers | ${int(total)} (${int(total / run.seconds)} req/s) |`,
    `| statuses | ${statuses} |`,
    `| connection errors and timeouts | ${counts.errors} |`,
    `| latency p50 / p99 / max | ${run.latency.p50} / ${run.latency.p99} / ${run.latency.max} ms |`,
    `| blocks mined | ${int(f.blocksMined)} |`,
    `| RSS at start / after warm-up / middle / end | ${mib(f.rssStart)} / ${mib(f.rssAfterWarmup)} / ${mib(f.rssMiddle)} / ${mib(f.rssEnd)} MiB |`,
    `| open fds at start / after warm-up / end | ${f.fdsStart} / ${f.fdsAfterWarmup} / ${f.fdsEnd} |`,
    '',
    `Tolerances: RSS may end at most ${run.tolerances.rssGrowthShare * 100}% or ${mib(run.tolerances.rssGrowthBytes)} MiB (the larger) above its level after warm-up; open descriptors at most ${run.tolerances.fdGrowth} above theirs (medians of three samples each). Any status other than 200 or 404, or any connection error, fails the run.`,
    '',
    samplesTable(run.samples, run.warmupSeconds),
    '',
  ].join('\n');
}
