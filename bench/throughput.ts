import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpClient } from '../spec/http/client.ts';
import { startPrism } from '../spec/prism/start-prism.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { startMockProcess, startServerProcess } from './lib/mock-process.ts';
import { engineWarmed } from '../testing/http/engine-warmed.ts';
import { recordAnswer } from './lib/record-answers.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals, LOAD_OPTIONS, loadSettings } from './lib/settings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import {
  medianTurn,
  missedTargets,
  TARGETS,
  throughputTable,
  turnShares,
  type BenchRoute,
  type Measurement,
  type Server,
  type Turn,
  type Turns,
} from './lib/throughput-report.ts';
import { urlFor } from '../spec/load.ts';

const RESULTS = 'throughput.md';
/** No request log, and no rate limiter answering 429 to a load generator. */
const MOCK_ARGS = ['--quiet', '--rate-limit', '0', '--rate-limit-key', '0'];

const given = benchSettings(
  defineCommand({
    name: 'throughput',
    usage: 'npx tsx bench/throughput.ts [flags]',
    about: ['Requests per second of the mock next to Prism and the bare node:http ceiling, per route.'],
    options: {
      ...LOAD_OPTIONS,
      seconds: { ...LOAD_OPTIONS.seconds, default: 5, description: 'seconds measured per route and turn' },
      rounds: {
        type: 'integer',
        env: 'BENCH_ROUNDS',
        max: 21,
        default: 5,
        description: 'turns of mock and ceiling per route; the turn of median share is reported',
      },
    },
  }),
);
const settings = loadSettings(given, 50);

function routes(busiest: string): BenchRoute[] {
  const latest = urlFor('get_block', { path: { height_or_hash: 'latest' } });
  return [
    { name: '/extended', path: '/extended', targeted: true },
    {
      name: 'transactions_with_transfers, 20 items',
      path: urlFor('get_account_transactions_with_transfers', {
        path: { principal: busiest },
        query: { limit: 20 },
      }),
      targeted: true,
    },
    { name: latest, path: latest, targeted: false },
  ];
}

/** One request per route first: a server that answers an error would make the figures meaningless. */
async function checkAnswers(baseUrl: string, server: Server, list: BenchRoute[]): Promise<void> {
  const client = httpClient(baseUrl, { keepAlive: false });
  for (const route of list) {
    const res = await client.get(route.path, { accept: 'application/json' });
    if (res.status !== 200)
      throw new Error(`${server} answers ${res.status} on ${route.path}: ${res.text.slice(0, 300)}`);
  }
}

async function measureOnce(baseUrl: string, server: Server, route: BenchRoute): Promise<LoadResult> {
  process.stdout.write(`  ${server.padEnd(7)} ${route.name} … `);
  const result = await measure(`${baseUrl}${route.path}`, settings);
  process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s\n`);
  return result;
}

async function measureServer(baseUrl: string, server: Server, list: BenchRoute[]): Promise<Measurement[]> {
  await checkAnswers(baseUrl, server, list);
  const out: Measurement[] = [];
  for (const route of list) out.push({ route, server, result: await measureOnce(baseUrl, server, route) });
  return out;
}

/**
 * The mock and its ceiling in turns, back to back, `rounds` times per route. This host's speed
 * drifts by half within minutes (the ceiling alone measured 21k to 32k req/s in one hour), so a
 * share taken from two runs minutes apart measured the host; each turn's pair shares one moment.
 * Both servers stay up, and only the one under load works.
 */
async function measureInTurns(mockUrl: string, ceilingUrl: string, list: BenchRoute[]): Promise<Turns[]> {
  await checkAnswers(mockUrl, 'mock', list);
  await checkAnswers(ceilingUrl, 'ceiling', list);
  const out: Turns[] = [];
  for (const route of list) {
    const turns: Turn[] = [];
    for (let i = 0; i < given.rounds; i++) {
      // Every other turn the ceiling goes first, so a host slowing or speeding steadily favours neither.
      if (i % 2 === 0) {
        const mock = await measureOnce(mockUrl, 'mock', route);
        turns.push({ mock, ceiling: await measureOnce(ceilingUrl, 'ceiling', route) });
      } else {
        const ceiling = await measureOnce(ceilingUrl, 'ceiling', route);
        turns.push({ mock: await measureOnce(mockUrl, 'mock', route), ceiling });
      }
    }
    out.push({ route, turns });
  }
  return out;
}

async function main(): Promise<void> {
  exitOnSignals();
  const load = loadLine();
  console.log(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per measure, ${given.rounds} turns of mock and ceiling per route; ${load}`,
  );
  const measurements: Measurement[] = [];
  let turns: Turns[];
  // One server under load at a time: on a small machine two would measure each other.
  const mock = await startMockProcess(MOCK_ARGS);
  let list: BenchRoute[];
  const recorded = mkdtempSync(join(tmpdir(), 'mock-bench-'));
  const answersFile = join(recorded, 'answers.json');
  try {
    const catalogue = (await httpClient(mock.url, { keepAlive: false }).get('/_mock/world')).body as {
      addresses: { busiest: string };
    };
    list = routes(catalogue.addresses.busiest);
    // Measured steady, once the CLI's background warm-up of the Clarity engine is over.
    await engineWarmed(mock.url);
    // The mock's own bytes and headers, for the ceiling server to replay.
    const answers = await Promise.all(list.map((r) => recordAnswer(mock.url, r.path)));
    writeFileSync(answersFile, JSON.stringify(answers));
    const ceiling = await startServerProcess('bench/ceiling-server.ts', ['--answers', answersFile]);
    try {
      turns = await measureInTurns(mock.url, ceiling.url, list);
    } finally {
      await ceiling.stop();
    }
  } finally {
    await mock.stop();
    rmSync(recorded, { recursive: true, force: true });
  }
  measurements.push(...turns.flatMap(medianTurn));
  const prism = await startPrism();
  try {
    measurements.push(...(await measureServer(prism.baseUrl, 'prism', list)));
  } finally {
    await prism.stop();
  }

  const order = list.flatMap((route) => measurements.filter((m) => m.route.name === route.name));
  const table = throughputTable(order);
  const missed = missedTargets(order);
  const verdict = missed.length
    ? `Targets missed:\n${missed.map((m) => `- ${m}`).join('\n')}`
    : `Targets met: ≥ ${Math.round(TARGETS.minCeilingShare * 100)}% of the ceiling's requests per second, ≥ ${TARGETS.minRatio}× Prism's and p99 < ${TARGETS.maxP99Ms} ms on both targeted routes.`;
  const machine = machineLine();
  endBenchReport(
    RESULTS,
    {
      title: 'Throughput: the mock next to its ceiling and `prism mock`',
      header: [
        `${machine}; ${load}.`,
        `autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per measure; one server under load at a time, the mock started with \`${MOCK_ARGS.join(' ')}\` and measured once its Clarity engine is ready (a token's interface answered). The ceiling is a bare \`node:http\` server (bench/ceiling-server.ts) writing the mock's recorded bytes and headers for each route. The mock and the ceiling are measured in ${given.rounds} turns per route, back to back (the ceiling first in every other turn); the table shows the turn of median share. Prism once per route. Latencies are of 2xx answers.`,
      ],
      table,
      notes: [
        ...list.map((r) => `- ${r.name}: \`GET ${r.path}\``),
        `- mock ÷ ceiling in each turn, in order: ${turns.map((t) => `${t.route.name} ${turnShares(t)}`).join('; ')}`,
      ],
      verdict,
    },
    missed.length > 0,
  );
}

void runBench(main);
