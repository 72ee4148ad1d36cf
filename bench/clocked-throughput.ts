import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBroadcaster, type BroadcastTally } from './lib/broadcaster.ts';
import { measure, type LoadResult, type LoadSettings } from './lib/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { startMockProcess, startServerProcess } from './lib/mock-process.ts';
import { recordAnswer } from './lib/record-answers.ts';
import { endBench, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals, LOAD_OPTIONS, loadSettings } from './lib/settings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { httpClient } from '../spec/http/client.ts';
import { urlFor } from '../spec/load.ts';

const RESULTS = 'clocked-throughput.md';
/** The issue's floor: with a block every second, at least this share of the frozen figure. */
const FLOOR = 0.8;
/** A wallet's broadcasts while the reads run: one signed transfer this often. */
const BROADCAST_EVERY_MS = 100;
const PATHS = [
  '/extended',
  urlFor('get_account_transactions_with_transfers', {
    path: { principal: 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07' },
    query: { limit: 20 },
  }),
];
/** The broadcasting runs are on testnet (the faucet funds the key): its default world's busiest address. */
const TESTNET_PATHS = ['/extended', 'busiest'];

async function run(args: string[], path: string, settings: LoadSettings): Promise<LoadResult> {
  const mock = await startMockProcess(['--quiet', '--rate-limit', '0', ...args]);
  try {
    return await measure(`${mock.url}${path}`, settings);
  } finally {
    await mock.stop();
  }
}

/** A testnet mock with the clock and a broadcasting wallet, then a bare node:http server replaying its answer. */
async function broadcasting(
  route: string,
  settings: LoadSettings,
): Promise<{ path: string; clocked: LoadResult; ceiling: LoadResult; tally: BroadcastTally }> {
  const mock = await startMockProcess([
    '--quiet',
    '--rate-limit',
    '0',
    '--network',
    'testnet',
    '--block-time',
    '1',
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'clocked-bench-'));
  let path = route;
  let clocked: LoadResult;
  let tally: BroadcastTally;
  try {
    if (route === 'busiest') {
      const world = (await httpClient(mock.url, { keepAlive: false }).get('/_mock/world')).body;
      path = `/extended/v1/address/${world.addresses.busiest}/transactions_with_transfers?limit=20`;
    }
    writeFileSync(join(dir, 'answers.json'), JSON.stringify([await recordAnswer(mock.url, path)]));
    const wallet = await startBroadcaster(
      mock.url,
      BROADCAST_EVERY_MS,
      settings.warmupSeconds + settings.seconds + 5,
    );
    try {
      clocked = await measure(`${mock.url}${path}`, settings);
    } finally {
      tally = await wallet.stop();
    }
  } finally {
    await mock.stop();
  }
  const server = await startServerProcess('bench/ceiling-server.ts', [
    '--answers',
    join(dir, 'answers.json'),
  ]);
  try {
    return { path, clocked, ceiling: await measure(`${server.url}${path}`, settings), tally };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function shown(path: string): string {
  return `\`${path.length > 40 ? `${path.slice(0, 37)}…` : path}\``;
}

const CLOCKED_COMMAND = defineCommand({
  name: 'clocked-throughput',
  usage: 'npx tsx bench/clocked-throughput.ts [flags]',
  about: ['Throughput with a block mined every second, next to the same load on a frozen chain.'],
  options: LOAD_OPTIONS,
});

async function main(): Promise<void> {
  exitOnSignals();
  const given = benchSettings(CLOCKED_COMMAND);
  const settings = loadSettings(given, 10);
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
      `| ${shown(path)} | ${Math.round(frozen.requestsPerSecond)} | ${Math.round(clocked.requestsPerSecond)} | ${(share * 100).toFixed(0)}% | ≥ ${FLOOR * 100}% | ${clocked.errors}, ${clocked.non2xx} |`,
    );
    console.log(lines[lines.length - 1]);
  }
  lines.push(
    '',
    `## While a wallet broadcasts`,
    '',
    `Testnet, \`--block-time 1\`, and a client broadcasting an STX transfer (signed with stacks.js before the load starts) every ${BROADCAST_EVERY_MS} ms to \`POST /v2/transactions\`, which the mock admits (decoding, signature, nonce, funds); the ceiling is a bare \`node:http\` server (bench/ceiling-server.ts) replaying the mock's answer to the route, measured right after.`,
    '',
    '| route | ceiling req/s | mock req/s (clock + broadcasts) | share | floor | broadcasts sent, taken, refused | errors, non-2xx |',
    '|---|---|---|---|---|---|---|',
  );
  for (const route of TESTNET_PATHS) {
    const { path, clocked, ceiling, tally } = await broadcasting(route, settings);
    const share = clocked.requestsPerSecond / ceiling.requestsPerSecond;
    if (!(share >= FLOOR)) missed.push(`${path} (broadcasting)`);
    lines.push(
      `| ${shown(path)} | ${Math.round(ceiling.requestsPerSecond)} | ${Math.round(clocked.requestsPerSecond)} | ${(share * 100).toFixed(0)}% | ≥ ${FLOOR * 100}% | ${tally.sent}, ${tally.taken}, ${tally.refused} | ${clocked.errors}, ${clocked.non2xx} |`,
    );
    console.log(lines[lines.length - 1]);
  }
  const verdict = missed.length
    ? `Floor missed: under ${FLOOR * 100}% for ${missed.map((p) => `\`${p}\``).join(', ')}.`
    : `Floor met: at least ${FLOOR * 100}% of the frozen figure on every route, and of the bare node:http ceiling while a wallet broadcasts.`;
  console.log(`\n${verdict}`);
  lines.push('', verdict);
  endBench(RESULTS, `${lines.join('\n')}\n`, missed.length > 0);
}

void runBench(main);
