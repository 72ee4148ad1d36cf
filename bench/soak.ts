import autocannon from 'autocannon';
import { httpClient } from '../spec/http/client.ts';
import { machineLine } from './lib/machine.ts';
import { startMockProcess } from './lib/mock-process.ts';
import { procStats } from './lib/proc-stats.ts';
import { endBench, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals } from './lib/settings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { samplesTable, soakReport } from './lib/soak-report.ts';
import { soakTargets } from './lib/soak-urls.ts';
import { SOAK_TOLERANCES, soakFigures, soakProblems, type SoakSample } from './lib/soak-verdict.ts';

const RESULTS = 'soak.md';
/** The limiter stays in the path (every answer carries its headers) with a budget no run can spend. */
const LIMITER_ARGS = ['--rate-limit', '1000000000', '--rate-limit-key', '1000000000'];
const given = benchSettings(
  defineCommand({
    name: 'soak',
    usage: 'make soak   (SOAK_SECONDS=600 make soak; npx tsx bench/soak.ts [flags])',
    about: ['Every operation under concurrent load for minutes: memory, latency and errors over the run.'],
    options: {
      seconds: {
        type: 'integer',
        env: 'SOAK_SECONDS',
        max: 3_600,
        default: 180,
        description: 'seconds of load',
      },
      'block-time': {
        type: 'integer',
        env: 'SOAK_BLOCK_TIME',
        max: 60,
        default: 1,
        // The clock on by default: each block empties the response cache, so old tips' answers must be released.
        description: 'mine a block every N seconds (0 = a frozen chain)',
      },
    },
  }),
);
const blockTime = given['block-time'];
const MOCK_ARGS = [...LIMITER_ARGS, '--block-time', String(blockTime)];
const CONNECTIONS = 50;
const seconds = given.seconds;
/** JIT, the response cache filling and the heap reaching its working size happen in here. */
const warmupSeconds = Math.max(5, Math.round(seconds * 0.2));
const intervalSeconds = Math.min(5, Math.max(1, Math.floor(seconds / 36)));

/** The tip as a client sees it; one request among the load's thousands. */
async function tipHeight(url: string): Promise<number> {
  const res = await httpClient(url, { keepAlive: false }).get('/extended');
  const height = (res.body as { chain_tip?: { block_height?: number } } | undefined)?.chain_tip?.block_height;
  if (typeof height !== 'number')
    throw new Error(`GET /extended answered ${res.status} without chain_tip.block_height`);
  return height;
}

async function main(): Promise<void> {
  exitOnSignals();
  console.log(
    `soak: ${CONNECTIONS} connections for ${seconds} s (${warmupSeconds} s warm-up), ${blockTime ? `a block every ${blockTime} s` : 'the chain frozen'}, sampling the mock every ${intervalSeconds} s`,
  );
  const mock = await startMockProcess(MOCK_ARGS);
  try {
    const targets = await soakTargets(mock.url);
    const samples: SoakSample[] = [];
    let answered = 0;
    const started = performance.now();
    const sample = async (): Promise<void> => {
      const t = Math.round((performance.now() - started) / 1000);
      const { rss, fds } = procStats(mock.pid);
      const tip = await tipHeight(mock.url);
      samples.push({ t, rss, fds, requests: answered, tip });
      console.log(
        `  t=${String(t).padStart(4)} s  RSS ${(rss / 2 ** 20).toFixed(1).padStart(6)} MiB  fds ${String(fds).padStart(4)}  answers ${answered}  tip ${tip}`,
      );
    };
    const samplingErrors: string[] = [];
    await sample();
    const timer = setInterval(
      () =>
        void sample().catch((err: unknown) =>
          samplingErrors.push(`a sample failed: ${err instanceof Error ? err.message : String(err)}`),
        ),
      intervalSeconds * 1000,
    );
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: mock.url,
          connections: CONNECTIONS,
          duration: seconds,
          // A stuck request counts as an error instead of stalling the run.
          timeout: 10,
          headers: { accept: 'application/json' },
          requests: targets.paths.map((path) => ({ method: 'GET', path })),
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
      instance.on('response', () => void answered++);
    });
    clearInterval(timer);
    await sample();

    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count ?? 0]),
    );
    const counts = { statuses, errors: result.errors };
    const figures = soakFigures(samples, warmupSeconds);
    const problems = [...soakProblems(figures, counts, blockTime), ...samplingErrors];
    const report = soakReport({
      machine: machineLine(),
      seconds,
      warmupSeconds,
      connections: CONNECTIONS,
      mockArgs: MOCK_ARGS,
      blockTime,
      targets,
      samples,
      figures,
      counts,
      latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      tolerances: SOAK_TOLERANCES,
      problems,
    });
    console.log(`\n${samplesTable(samples, warmupSeconds)}\n`);
    console.log(
      problems.length
        ? `soak FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`
        : `soak held: no error, memory flat and no descriptor growth after warm-up${blockTime ? `, ${figures.blocksMined} blocks mined` : ''}`,
    );
    endBench(RESULTS, report, problems.length > 0);
  } finally {
    await mock.stop();
  }
}

void runBench(main, 'soak');
