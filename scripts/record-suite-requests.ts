import { writeFileSync } from 'node:fs';
import { runSuite } from '../contract-tests/self-test/run-suite.ts';
import { format, resolveConfig } from 'prettier';
import { startMockServer } from '../mocks/server.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import {
  suiteOptions,
  suiteSourcesHash,
  SUITE_REQUESTS,
  type RecordedSuite,
  type SuiteRequest,
  type SuiteWorld,
} from '../msw/suite-requests.ts';

/** Headers of the connection, not of the request: the replay's fetch writes its own. */
const CONNECTION = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The worlds the list is recorded on: the default world with the suite's default target file, and
 * a non-default seed with a world file, which the suite reads through /_mock/world.
 */
const WORLDS: Omit<SuiteWorld, 'requests'>[] = [
  { name: 'the default world', options: {}, target: 'fixtures/targets/mock-default.json' },
  {
    name: 'seed 7 with fixtures/worlds/wallet.yaml',
    options: { seed: 7, world: 'fixtures/worlds/wallet.yaml' },
    target: '',
  },
];

/**
 * An API request as the mock received it, with the status it answered; undefined for the mock's
 * own paths (the suite reads them to learn the world, they are no operation's).
 */
function noted(request: ServerRequest, answer: HttpResponse): SuiteRequest | undefined {
  if (!request.target.startsWith('/extended')) return undefined;
  const headers = Object.fromEntries(
    Object.entries(request.headers).flatMap(([name, value]) =>
      CONNECTION.has(name) || value === undefined ? [] : [[name, value]],
    ),
  );
  return { method: request.method, target: request.target, headers, status: answer.status };
}

/**
 * Each distinct request once, sorted: vitest orders the suite's files by their last durations, so
 * the order sent changes from run to run, and with limits off no answer depends on it.
 */
function distinct(requests: SuiteRequest[]): SuiteRequest[] {
  const byKey = new Map<string, SuiteRequest>();
  for (const r of requests) {
    const headers = Object.fromEntries(Object.entries(r.headers).sort(([a], [b]) => a.localeCompare(b)));
    byKey.set(JSON.stringify([r.target, r.method, headers]), { ...r, headers });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

async function record(world: Omit<SuiteWorld, 'requests'>): Promise<SuiteWorld> {
  // Every request the mock answers, noted as it answers (through the kernel's one `handle`).
  const seen: SuiteRequest[] = [];
  const mock = await startMockServer(
    { ...suiteOptions(world), port: 0, quiet: true },
    {},
    {
      tap: (request, answer) => {
        const note = noted(request, answer);
        if (note) seen.push(note);
      },
    },
  );
  // The contract reads wait for the Clarity engine: ready before the suite, so none times out.
  await mock.live.queries.clarity.ready();
  try {
    const run = await runSuite(mock.url, { target: world.target, explore: 0 });
    const broken = [...run.errors, ...run.failed.map((t) => `${t.name}: ${t.message.split('\n')[0]}`)];
    if (broken.length) throw new Error(`the contract suite failed on ${world.name}:\n${broken.join('\n')}`);
    // A run that collected nothing (a suite file that no longer loads, a filter that matched none)
    // fails nothing either: recording it would leave the parity test nothing to replay.
    if (run.tests.length === 0) throw new Error(`the contract suite ran no test on ${world.name}`);
    const requests = distinct(seen);
    console.log(`${world.name}: ${run.tests.length} tests, ${requests.length} distinct requests`);
    return { ...world, requests };
  } finally {
    await mock.close();
  }
}

async function main(): Promise<void> {
  const worlds: SuiteWorld[] = [];
  for (const world of WORLDS) worlds.push(await record(world));
  const suite: RecordedSuite = {
    recorded:
      'The requests the contract suite’s fixed cases (CONTRACT_EXPLORE=0) sent to the mock over HTTP, on each world; written by `npm run msw:record-suite`. msw/suite-parity.test.ts replays them to the MSW handlers and the HTTP mock.',
    sources: suiteSourcesHash(),
    worlds,
  };
  // Formatted as `make lint` checks it.
  writeFileSync(
    SUITE_REQUESTS,
    await format(JSON.stringify(suite), { ...(await resolveConfig(SUITE_REQUESTS)), parser: 'json' }),
  );
  console.log(`written to ${SUITE_REQUESTS}`);
}

main().catch((err: unknown) => {
  console.error(`recording failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
