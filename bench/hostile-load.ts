import { defineCommand } from '../spec/command-line/declaration.ts';
import { httpClient } from '../spec/http/client.ts';
import { urlFor } from '../spec/load.ts';
import { engineWarmed } from '../testing/http/engine-warmed.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import { prepareHostile, type HostileTally } from './lib/hostile-broadcaster.ts';
import { measureMix, type LoadResult } from './lib/load.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { startMockProcess } from './lib/mock-process.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals, LOAD_OPTIONS, loadSettings } from './lib/settings.ts';

const RESULTS = 'hostile-load.md';
/** Issue 39's "at the same speed", as a ceiling: the hostile turn keeps this share of the quiet turn's throughput… */
const FLOOR = 0.8;
/** …and its p99 stays within twice the quiet p99 plus this many milliseconds. */
const P99_SLACK_MS = 10;
/** The hostile transactions' draw: the same traffic on every run. */
const SEED = 39;

const COMMAND = defineCommand({
  name: 'hostile-load',
  usage: 'npx tsx bench/hostile-load.ts [flags]',
  about: [
    'The eight extended operations on a quiet mock, and on the same mock while hostile contracts and calls are broadcast and mined on its block clock.',
  ],
  options: {
    ...LOAD_OPTIONS,
    rounds: {
      type: 'integer',
      env: 'BENCH_ROUNDS',
      max: 21,
      default: 3,
      description: 'turns of quiet and hostile; the turn of median share is the verdict',
    },
    'every-ms': {
      type: 'integer',
      env: 'BENCH_HOSTILE_EVERY_MS',
      max: 60_000,
      default: 250,
      description: 'ms of pause after each hostile broadcast answers, during a hostile turn',
    },
  },
});

/** One path per extended operation, from the world's catalogue and its busiest address's latest transaction. */
async function eightPaths(baseUrl: string): Promise<string[]> {
  const client = httpClient(baseUrl, { keepAlive: false });
  try {
    const world = (await client.get('/_mock/world')).body as WorldCatalogue;
    const address = world.addresses.busiest;
    const listPath = urlFor('get_account_transactions_with_transfers', {
      path: { principal: address },
      query: { limit: 20 },
    });
    const list = (await client.get(listPath)).body as { results: { tx: { tx_id: string } }[] };
    const txId = list.results[0]?.tx.tx_id as string;
    const ids = world.transactions.by_status.success.slice(0, 2);
    const paths = [
      urlFor('get_status', {}),
      urlFor('get_block', { path: { height_or_hash: String(world.block_samples.middle.height) } }),
      urlFor('get_tx_list_details', { query: { tx_id: ids } }),
      urlFor('get_mempool_transaction_stats', {}),
      urlFor('get_address_transaction_events', { path: { address, tx_id: txId } }),
      listPath,
      urlFor('get_account_balance', { path: { principal: address } }),
      urlFor('get_single_transaction_with_transfers', { path: { principal: address, tx_id: txId } }),
    ];
    for (const path of paths) {
      const res = await client.get(path, { accept: 'application/json' });
      if (res.status !== 200)
        throw new Error(`the mock answers ${res.status} on ${path}: ${res.text.slice(0, 300)}`);
    }
    return paths;
  } finally {
    await client.close();
  }
}

interface Turn {
  quiet: LoadResult;
  hostile: LoadResult;
  tally: HostileTally;
}

function p99Bound(quiet: LoadResult): number {
  return 2 * quiet.p99 + P99_SLACK_MS;
}

function row(i: number, { quiet, hostile, tally }: Turn): string {
  const share = hostile.requestsPerSecond / quiet.requestsPerSecond;
  const outcomes = Object.entries(tally.outcomes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  return `| ${i + 1} | ${Math.round(quiet.requestsPerSecond)} | ${quiet.p99} | ${Math.round(hostile.requestsPerSecond)} | ${hostile.p99} | ${(share * 100).toFixed(0)}% | ${p99Bound(quiet)} | ${tally.sent}, ${tally.taken}, ${tally.refused} | ${outcomes} | ${quiet.errors + hostile.errors}, ${quiet.non2xx + hostile.non2xx} |`;
}

async function main(): Promise<void> {
  exitOnSignals();
  const given = benchSettings(COMMAND);
  const settings = loadSettings(given, 10);
  const header = [machineLine(), loadLine()];
  const perTurn = Math.ceil(((settings.warmupSeconds + settings.seconds) * 1000) / given['every-ms']) + 5;
  const mock = await startMockProcess([
    '--quiet',
    '--rate-limit',
    '0',
    '--rate-limit-key',
    '0',
    '--network',
    'testnet',
    '--block-time',
    '1',
  ]);
  const turns: Turn[] = [];
  try {
    await engineWarmed(mock.url);
    const paths = await eightPaths(mock.url);
    console.log(`preparing ${perTurn * given.rounds} hostile transactions …`);
    const traffic = await prepareHostile(mock.url, perTurn * given.rounds, SEED);
    try {
      // The pipeline's first seconds (JIT, caches) go to neither side.
      await measureMix(mock.url, paths, { ...settings, warmupSeconds: 0 });
      for (let i = 0; i < given.rounds; i++) {
        const quietTurn = () => measureMix(mock.url, paths, settings);
        const hostileTurn = async () => {
          const wallet = traffic.start(given['every-ms']);
          const result = await measureMix(mock.url, paths, settings);
          const tally = await wallet.stop();
          await traffic.drain(tally);
          return { result, tally };
        };
        // Turns alternate which goes first, so a drift of the machine's speed within a round evens out.
        const quietFirst = i % 2 === 0;
        const quiet = quietFirst ? await quietTurn() : undefined;
        const { result: hostile, tally } = await hostileTurn();
        turns.push({ quiet: quiet ?? (await quietTurn()), hostile, tally });
        console.log(row(i, turns[i] as Turn));
      }
    } finally {
      await traffic.close();
    }
  } finally {
    await mock.stop();
  }
  const share = (t: Turn): number => t.hostile.requestsPerSecond / t.quiet.requestsPerSecond;
  const median = [...turns].sort((a, b) => share(a) - share(b))[Math.floor(turns.length / 2)] as Turn;
  const missed: string[] = [];
  if (!(share(median) >= FLOOR))
    missed.push(`throughput ${(share(median) * 100).toFixed(0)}% of quiet, under ${FLOOR * 100}%`);
  if (!(median.hostile.p99 <= p99Bound(median.quiet)))
    missed.push(`p99 ${median.hostile.p99} ms, over ${p99Bound(median.quiet)} ms`);
  const table = [
    '| turn | quiet req/s | quiet p99 ms | hostile req/s | hostile p99 ms | share | p99 bound ms | hostile sent, taken, refused | taken, as recorded | errors, non-2xx |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...turns.map((t, i) => row(i, t)),
  ].join('\n');
  endBenchReport(
    RESULTS,
    {
      title: 'The eight operations while hostile contracts are mined',
      header: [
        ...header,
        '',
        `One testnet mock (\`--block-time 1\`, its engine warmed) in its own process; ${settings.connections} connections asking the eight extended operations in turn (one path each, from the world's catalogue) for ${settings.seconds} s after ${settings.warmupSeconds} s of warm-up. Each turn measures the quiet mock (the clock mining, nothing broadcast) and the same mock while a hostile transaction from the fuzz's grammar (\`testing/fuzz/hostile-*.ts\`, seed ${SEED}: deep nesting, types and literals around MAX_VALUE_SIZE, analysis failures, writes past the block's limits, hashing loops, deep call chains) is broadcast ${given['every-ms']} ms after the last one's answer (an admission that reads the engine waits for the block in flight: about two a second here), each signed before the load from a key of its own, and mined by the clock, the quiet one first in odd turns and second in even ones; after the hostile one the mempool drains. A first measure, discarded, warms the pipeline. Ceiling, on the turn of median share: at least ${FLOOR * 100}% of the quiet throughput, and a p99 at most twice the quiet p99 plus ${P99_SLACK_MS} ms.`,
      ],
      table,
      verdict: missed.length
        ? `Ceiling missed on the median turn: ${missed.join('; ')}.`
        : `Ceiling met on the median turn: ${(share(median) * 100).toFixed(0)}% of the quiet throughput, p99 ${median.hostile.p99} ms within ${p99Bound(median.quiet)} ms.`,
    },
    missed.length > 0,
  );
}

void runBench(main);
