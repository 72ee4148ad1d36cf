import { loadLine, machineLine } from './lib/machine.ts';
import { int } from './lib/markdown.ts';
import { runNodeChild } from './lib/run-child.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { exitOnSignals } from './lib/settings.ts';
import type { ServerRun, WorldRun } from './lib/world-runs.ts';
import {
  blocksFor,
  MAINNET,
  mainnetVerdict,
  median,
  worldScalingTable,
  type SizeResult,
} from './lib/world-scaling-report.ts';

const RESULTS = 'world-scaling.md';
const CHILD = 'bench/world-scaling-child.ts';
/** Sizes in transactions, and runs of each kind per size (the median one is reported, so one disturbed run does not count; the mainnet size runs once, it takes a minute). */
const SIZES = [
  { transactions: 10_000, repeats: 3 },
  { transactions: 100_000, repeats: 3 },
  { transactions: 1_000_000, repeats: 3 },
  { transactions: MAINNET.transactions, repeats: 1 },
];
/** Big enough that the transactions per block settle, quick to build. */
const CALIBRATION_BLOCKS = 20_000;
/** Per child: a bound on a stuck child, far above what the largest world takes. */
const CHILD_TIMEOUT_MS = 15 * 60_000;

async function run<T>(mode: 'world' | 'server', blocks: number): Promise<T> {
  return JSON.parse(
    await runNodeChild(
      ['--expose-gc'],
      CHILD,
      ['--mode', mode, '--blocks', String(blocks)],
      CHILD_TIMEOUT_MS,
    ),
  ) as T;
}

async function medianRun<T>(
  mode: 'world' | 'server',
  blocks: number,
  repeats: number,
  time: (r: T) => number,
): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await run<T>(mode, blocks));
  return median(runs, time);
}

async function main(): Promise<void> {
  exitOnSignals();
  const load = loadLine();
  const calibration = await run<WorldRun>('world', CALIBRATION_BLOCKS);
  console.log(`${calibration.transactions} transactions in ${calibration.blocks} blocks`);
  const results: SizeResult[] = [];
  // One child at a time: two would compete for the cores whose time they measure.
  let failed: string | undefined;
  for (const { transactions: target, repeats } of SIZES) {
    const blocks = blocksFor(target, calibration);
    try {
      const world = await medianRun<WorldRun>('world', blocks, repeats, (r) => r.createWorldMs);
      const server = await medianRun<ServerRun>('server', blocks, repeats, (r) => r.startToFirstResponseMs);
      console.log(
        `  ~${target} transactions: ${blocks} blocks, ${world.transactions} transactions, createWorld ${Math.round(world.createWorldMs)} ms`,
      );
      results.push({ targetTransactions: target, world, server });
    } catch (err) {
      // A size that cannot start is a figure too (the largest one's target is missed): say why, keep the rest.
      const why = err instanceof Error ? err.message : String(err);
      failed = `~${int(target)} transactions (${int(blocks)} blocks) did not start: ${(why.match(/FATAL ERROR: [^\n]*/)?.[0] ?? why.split('\n')[0]) as string}`;
      console.log(`  ${failed}`);
      break;
    }
  }
  const table = worldScalingTable(results);
  const last = results.at(-1);
  const verdict =
    failed !== undefined
      ? `Mainnet-sized world: target missed. ${failed}.`
      : mainnetVerdict(last as SizeResult);
  endBenchReport(
    RESULTS,
    {
      title: 'World size: start time and memory',
      header: [
        `${machineLine()}; ${load}.`,
        `Blocks for each size from the ${int(calibration.transactions)} transactions of a ${int(calibration.blocks)}-block world (\`--blocks\` sets the size); transactions are those of anchored blocks, summed from the world's own blocks. Every figure comes from a fresh process: \`createWorld\` alone in one, the whole mock (\`startMockServer\`, the world's catalogue that the CLI's banner reads, then GET /extended) in another; memory is that second process's after two forced GCs, the server still up, and its peak is the most it held at once while starting. Each kind ran ${SIZES.map((s) => s.repeats).join(', ')} times for the sizes in order; the table shows the run with the median time.`,
      ],
      table,
      verdict,
    },
    failed !== undefined,
  );
}

void runBench(main);
