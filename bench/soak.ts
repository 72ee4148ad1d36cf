import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machineLine } from './lib/machine.ts';
import { startMockProcess } from './lib/mock-process.ts';
import { procStats } from './lib/proc-stats.ts';
import { exitOnSignals, secondsFromEnv } from './lib/settings.ts';
import { samplesTable, soakReport } from './lib/soak-report.ts';
import { soakTargets } from './lib/soak-urls.ts';
import { SOAK_TOLERANCES, soakFigures, soakProblems, type SoakSample } from './lib/soak-verdict.ts';

const RESULTS = fileURLToPath(new URL('./results/soak.md', import.meta.url));
/** The limiter stays in the path (every answer carries its headers) with a budget no run can spend. */
const MOCK_ARGS = ['--rate-limit', '1000000000', '--rate-limit-key', '1000000000'];
const CONNECTIONS = 50;
const seconds = secondsFromEnv('SOAK_SECONDS', 180, 3_600);
/** JIT, the response cache filling and the heap reaching its working size happen in here. */
const warmupSeconds = Math.max(5, Math.round(seconds * 0.2));
const intervalSeconds = Math.min(5, Math.max(1, Math.floor(seconds / 36)));

async function main(): Promise<void> {
  exitOnSignals();
  console.log(
    `soak: ${CONNECTIONS} connections for ${seconds} s (${warmupSeconds} s warm-up), sampling the mock every ${intervalSeconds} s`,
  );
  const mock = await startMockProcess(MOCK_ARGS);
  try {
    const targets = await soakTargets(mock.url);
    const samples: SoakSample[] = [];
    let answered = 0;
    const started = performance.now();
    const sample = (): void => {
      const { rss, fds } = procStats(mock.pid);
      samples.push({ t: Math.round((performance.now() - started) / 1000), rss, fds, requests: answered });
      const s = samples.at(-1) as SoakSample;
      console.log(
        `  t=${String(s.t).padStart(4)} s  RSS ${(rss / 2 ** 20).toFixed(1).padStart(6)} MiB  fds ${String(fds).padStart(4)}  answers ${answered}`,
      );
    };
    sample();
    const timer = setInterval(sample, intervalSeconds * 1000);
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
    sample();

    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count ?? 0]),
    );
    const counts = { statuses, errors: result.errors };
    const figures = soakFigures(samples, warmupSeconds);
    const problems = soakProblems(figures, counts);
    const report = soakReport({
      machine: machineLine(),
      seconds,
      warmupSeconds,
      connections: CONNECTIONS,
      mockArgs: MOCK_ARGS,
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
        : 'soak held: no error, memory flat and no descriptor growth after warm-up',
    );
    mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
    writeFileSync(RESULTS, report);
    console.log(`written to ${RESULTS}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    await mock.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`soak failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
