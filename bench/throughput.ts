import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpClient } from '../spec/http/client.ts';
import { startPrism } from '../spec/prism/start-prism.ts';
import { measure, type LoadSettings } from './lib/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { startMockProcess, startServerProcess } from './lib/mock-process.ts';
import { engineWarmed } from '../testing/http/engine-warmed.ts';
import { recordAnswer } from './lib/record-answers.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals } from './lib/settings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import {
  missedTargets,
  TARGETS,
  throughputTable,
  type BenchRoute,
  type Measurement,
  type Server,
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
      'warmup-seconds': {
        type: 'integer',
        env: 'BENCH_WARMUP_SECONDS',
        max: 600,
        default: 3,
        description: 'seconds of load per route before measuring',
      },
      seconds: {
        type: 'integer',
        env: 'BENCH_SECONDS',
        max: 600,
        default: 10,
        description: 'seconds measured per route',
      },
    },
  }),
);
const settings: LoadSettings = {
  connections: 50,
  warmupSeconds: given['warmup-seconds'],
  seconds: given.seconds,
};

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

async function measureServer(baseUrl: string, server: Server, list: BenchRoute[]): Promise<Measurement[]> {
  await checkAnswers(baseUrl, server, list);
  const out: Measurement[] = [];
  for (const route of list) {
    process.stdout.write(`  ${server.padEnd(5)} ${route.name} … `);
    const result = await measure(`${baseUrl}${route.path}`, settings);
    process.stdout.write(`${Math.round(result.requestsPerSecond)} req/s\n`);
    out.push({ route, server, result });
  }
  return out;
}

async function main(): Promise<void> {
  exitOnSignals();
  const load = loadLine();
  console.log(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per server and route; ${load}`,
  );
  const measurements: Measurement[] = [];
  // One server at a time: on a small machine two servers under load would measure each other.
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
    measurements.push(...(await measureServer(mock.url, 'mock', list)));
    // The mock's own bytes and headers, for the ceiling server to replay.
    const answers = await Promise.all(list.map((r) => recordAnswer(mock.url, r.path)));
    writeFileSync(answersFile, JSON.stringify(answers));
  } finally {
    await mock.stop();
  }
  const ceiling = await startServerProcess('bench/ceiling-server.ts', ['--answers', answersFile]);
  try {
    measurements.push(...(await measureServer(ceiling.url, 'ceiling', list)));
  } finally {
    await ceiling.stop();
    rmSync(recorded, { recursive: true, force: true });
  }
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
        `autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per server and route; one server at a time, the mock started with \`${MOCK_ARGS.join(' ')}\` and measured once its Clarity engine is ready (a token's interface answered). The ceiling is a bare \`node:http\` server (bench/ceiling-server.ts) writing the mock's recorded bytes and headers for each route. Latencies are of 2xx answers.`,
      ],
      table,
      notes: list.map((r) => `- ${r.name}: \`GET ${r.path}\``),
      verdict,
    },
    missed.length > 0,
  );
}

void runBench(main);
