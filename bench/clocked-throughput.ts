import { measure, type LoadResult, type LoadSettings } from './lib/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { startMockProcess } from './lib/mock-process.ts';
import { endBench, runBench } from './lib/results.ts';
import { exitOnSignals, secondsFromEnv } from './lib/settings.ts';
import { urlFor } from '../spec/load.ts';

const RESULTS = 'clocked-throughput.md';
/** The issue's floor: with a block every second, at least this share of the frozen figure. */
const FLOOR = 0.8;
const PATHS = [
  '/extended',
  urlFor('get_account_transactions_with_transfers', {
    path: { principal: 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07' },
    query: { limit: 20 },
  }),
];

async function run(args: string[], path: string, settings: LoadSettings): Promise<LoadResult> {
  const mock = await startMockProcess(['--quiet', '--rate-limit', '0', ...args]);
  try {
    return await measure(`${mock.url}${path}`, settings);
  } finally {
    await mock.stop();
  }
}

async function main(): Promise<void> {
  exitOnSignals();
  const settings: LoadSettings = {
    connections: 10,
    warmupSeconds: secondsFromEnv('BENCH_WARMUP', 2),
    seconds: secondsFromEnv('BENCH_SECONDS', 8),
  };
  const lines = [
    '# Throughput with a block every second',
    '',
    machineLine(),
    loadLine(),
    'Shared, loaded machine: the two runs of a row are back to back, so compare them with each other.',
    '',
    '| route | frozen req/s | --block-time 1 req/s | share | floor | errors, non-2xx |',
    '|---|---|---|---|---|---|',
  ];
  const missed: string[] = [];
  for (const path of PATHS) {
    const frozen = await run([], path, settings);
    const clocked = await run(['--block-time', '1'], path, settings);
    const share = clocked.requestsPerSecond / frozen.requestsPerSecond;
    if (!(share >= FLOOR)) missed.push(path);
    lines.push(
      `| \`${path.length > 40 ? `${path.slice(0, 37)}…` : path}\` | ${Math.round(frozen.requestsPerSecond)} | ${Math.round(clocked.requestsPerSecond)} | ${(share * 100).toFixed(0)}% | ≥ ${FLOOR * 100}% | ${clocked.errors}, ${clocked.non2xx} |`,
    );
    console.log(lines[lines.length - 1]);
  }
  const verdict = missed.length
    ? `Floor missed: under ${FLOOR * 100}% of the frozen figure for ${missed.map((p) => `\`${p}\``).join(', ')}.`
    : `Floor met: at least ${FLOOR * 100}% of the frozen figure on every route.`;
  console.log(`\n${verdict}`);
  lines.push('', verdict);
  endBench(RESULTS, `${lines.join('\n')}\n`, missed.length > 0);
}

void runBench(main);
