import { controlSpec } from '../mocks/control/control-spec.ts';
import { LiveChain } from '../mocks/control/live-chain.ts';
import { createMock } from '../mocks/create-mock.ts';
import { resolveOptions } from '../mocks/world/options.ts';
import { urlFor } from '../spec/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { endBench, runBench } from './lib/results.ts';

const RESULTS = 'mining.md';
/** The ceiling for one block, whatever the world's size. */
const CEILING_MS = 5;
const SIZES = [600, 6_000];
const WARM_UP = 20;
const MEASURED = 300;
/** Blocks mined for the memory check: a long clocked run, compressed. */
const SOAK_BLOCKS = 3_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

/** Milliseconds per mined block (the world's indexes and caches follow it, as in the server). */
function miningTimes(blocks: number): number[] {
  const live = new LiveChain(resolveOptions({ blocks }), controlSpec(), 1);
  for (let i = 0; i < WARM_UP; i++) live.mine();
  const times: number[] = [];
  for (let i = 0; i < MEASURED; i++) {
    const start = performance.now();
    live.mine();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function heapMb(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * Heap after a third and after all of a long run, each block's status and mempool statistics
 * asked of the mock's kernel as a client asks them (its response cache keeps each tip's answers):
 * flat when old tips' caches and checkpoints go.
 */
function soak(): { early: number; late: number } {
  const mock = createMock({ blockTime: 1, quiet: true });
  const ask = (target: string) => mock.handle({ method: 'GET', target, headers: {}, ip: undefined });
  let early = 0;
  for (let i = 1; i <= SOAK_BLOCKS; i++) {
    mock.live.mine();
    ask(urlFor('get_status'));
    ask(urlFor('get_mempool_transaction_stats'));
    if (i === SOAK_BLOCKS / 3) early = heapMb();
  }
  return { early, late: heapMb() };
}

function main(): void {
  const load = loadLine();
  const lines = [
    '# Mining one block',
    '',
    machineLine(),
    load,
    'The machine is shared with other jobs: figures are noisy, read them against the ceiling, not as absolutes.',
    '',
    `| world | median ms/block | p95 ms/block | ceiling |`,
    `|---|---|---|---|`,
  ];
  const missed: number[] = [];
  for (const blocks of SIZES) {
    const times = miningTimes(blocks);
    if (percentile(times, 0.5) >= CEILING_MS) missed.push(blocks);
    lines.push(
      `| ${blocks} blocks | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.95).toFixed(2)} | < ${CEILING_MS} ms, flat in size |`,
    );
    console.log(lines[lines.length - 1]);
  }
  const { early, late } = soak();
  lines.push(
    '',
    `Memory over ${SOAK_BLOCKS} mined blocks (default world, heap after GC${globalThis.gc ? '' : ' — run with --expose-gc for exact figures'}): ` +
      `${early.toFixed(1)} MB after ${SOAK_BLOCKS / 3}, ${late.toFixed(1)} MB after ${SOAK_BLOCKS}. ` +
      'The chain itself grows (about 7 transactions a block); caches of old tips and checkpoints past 100 blocks are released.',
  );
  console.log(lines.slice(-1)[0]);
  const verdict = missed.length
    ? `Ceiling missed: the median block took ${CEILING_MS} ms or more with ${missed.join(' and ')} blocks.`
    : `Ceiling met: the median block under ${CEILING_MS} ms in every world.`;
  console.log(`\n${verdict}`);
  lines.push('', verdict);
  endBench(RESULTS, `${lines.join('\n')}\n`, missed.length > 0);
}

void runBench(main);
