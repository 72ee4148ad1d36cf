import { int, markdownTable } from './markdown.ts';
import type { ServerRun, WorldRun } from './world-runs.ts';

export interface SizeResult {
  targetTransactions: number;
  world: WorldRun;
  server: ServerRun;
}

/** A mainnet-sized world and what it may cost to start (issue 10). */
export const MAINNET = { transactions: 10_000_000, maxStartMs: 20_000, maxRssMb: 1024 };

/** The figures of the mainnet-sized world beside its targets, and whether each is met. */
export function mainnetVerdict(result: SizeResult, target = MAINNET): string {
  const start = result.server.startToFirstResponseMs;
  const rss = result.server.memory.rssMb;
  const mark = (ok: boolean): string => (ok ? 'met' : 'missed');
  return [
    `Mainnet-sized world (${int(result.world.transactions)} transactions):`,
    `start → first answer ${int(start)} ms, target < ${int(target.maxStartMs)} ms (${mark(start < target.maxStartMs)});`,
    `RSS ${int(rss)} MB, target < ${int(target.maxRssMb)} MB (${mark(rss < target.maxRssMb)});`,
    `peak RSS while starting ${int(result.server.peakRssMb)} MB.`,
  ].join(' ');
}

/** Blocks for about `target` transactions, from a world's measured transactions per block. */
export function blocksFor(
  target: number,
  calibration: { blocks: number; transactions: number },
  minBlocks = 60,
): number {
  return Math.max(minBlocks, Math.round((target * calibration.blocks) / calibration.transactions));
}

/** The middle item by `by` (the upper middle of an even count). */
export function median<T>(items: T[], by: (item: T) => number): T {
  if (items.length === 0) throw new Error('median of nothing');
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)] as T;
}

export function worldScalingTable(results: SizeResult[]): string {
  const rows = results.map(({ targetTransactions, world, server }) => [
    `~${int(targetTransactions)}`,
    int(world.blocks),
    int(world.transactions),
    int(world.createWorldMs),
    int(server.startToFirstResponseMs),
    int(server.processToFirstResponseMs),
    int(server.memory.rssMb),
    int(server.peakRssMb),
    int(server.memory.heapUsedMb),
    int(server.memory.externalMb),
  ]);
  return markdownTable(
    [
      'world',
      'blocks',
      'transactions',
      'createWorld ms',
      'start → first answer ms',
      'process start → first answer ms',
      'RSS MB',
      'peak RSS MB',
      'heap used MB',
      'external MB',
    ],
    rows,
  );
}
