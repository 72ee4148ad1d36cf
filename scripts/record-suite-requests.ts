import { writeFileSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { runSuite } from '../contract-tests/self-test/run-suite.ts';
import { format, resolveConfig } from 'prettier';
import { startMockServer } from '../mocks/server.ts';
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

/** A loopback proxy to `upstream` that notes every request and the status it got. */
async function recordingProxy(
  upstream: string,
): Promise<{ url: string; seen: SuiteRequest[]; close(): Promise<void> }> {
  const to = new URL(upstream);
  const seen: SuiteRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers = Object.fromEntries(
      Object.entries(req.headersDistinct).flatMap(([name, values]) =>
        CONNECTION.has(name) || values === undefined ? [] : [[name, values.join(', ')]],
      ),
    );
    const out = forward(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        seen.push({
          method: req.method ?? 'GET',
          target: req.url ?? '/',
          headers,
          status: answer.statusCode ?? 0,
        });
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    out.on('error', (err) => res.writeHead(502).end(err.message));
    req.pipe(out);
  });
  // The live-update checks open the JSON-RPC channel through it: a websocket is passed through whole.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const out = forward({
      host: to.hostname,
      port: to.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    });
    out.on('upgrade', (answer, upstream, upstreamHead) => {
      const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length) socket.write(upstreamHead);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    out.on('response', (answer) =>
      socket.end(`HTTP/1.1 ${answer.statusCode ?? 502} Upgrade refused\r\n\r\n`),
    );
    out.on('error', () => socket.destroy());
    out.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The mock's own paths: the suite reads them to learn the world, they are no operation's. */
function isApiRequest(r: SuiteRequest): boolean {
  return r.target.startsWith('/extended');
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
  const mock = await startMockServer({ ...suiteOptions(world), port: 0, quiet: true });
  // The contract reads wait for the Clarity engine: ready before the suite, so none times out.
  await mock.live.queries.clarity.ready();
  const proxy = await recordingProxy(mock.url);
  try {
    const run = await runSuite(proxy.url, { target: world.target, explore: 0 });
    const broken = [...run.errors, ...run.failed.map((t) => `${t.name}: ${t.message.split('\n')[0]}`)];
    if (broken.length) throw new Error(`the contract suite failed on ${world.name}:\n${broken.join('\n')}`);
    // A run that collected nothing (a suite file that no longer loads, a filter that matched none)
    // fails nothing either: recording it would leave the parity test nothing to replay.
    if (run.tests.length === 0) throw new Error(`the contract suite ran no test on ${world.name}`);
    const requests = distinct(proxy.seen.filter(isApiRequest));
    console.log(`${world.name}: ${run.tests.length} tests, ${requests.length} distinct requests`);
    return { ...world, requests };
  } finally {
    await proxy.close();
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
