import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../spec/load.ts';
import { routerOf } from '../spec/request/routing.ts';
import { startMockServer } from '../mocks/server.ts';
import { createStacksHandlers } from './node.ts';
import { readSuiteRequests, suiteOptions, suiteSourcesHash } from './suite-requests.ts';
import { wireAnswer } from '../testing/http/wire-answer.ts';

const BASE = 'https://api.mainnet.hiro.so';
const server = setupServer();
// fetch as it was before MSW patched it, for the HTTP mock's side: MSW patches node:http too, so
// the one HTTP client (spec/http/client.ts) would go through the handlers it is compared with.
const realFetch = globalThis.fetch;
const suite = readSuiteRequests();
const ops = listOperations(loadSpec());
// The recorded list holds the suite's requests to the extended API's reads, the successors among
// them; the node's /v2 routes and the POSTs a wallet sends are proved by the stacks.js loop
// (api/wallet-loop.test.ts, msw/wallet.test.ts).
const suiteOps = ops.filter((op) => op.method === 'get' && op.path.startsWith('/extended'));
const route = routerOf(ops, { decode: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the MSW handlers answer the contract suite’s requests as the HTTP mock does, byte for byte', () => {
  it('the recorded list is the suite’s current one', () => {
    expect(
      suite.sources,
      'the contract suite’s fixed cases changed since msw/suite-requests.json was recorded: run `npm run msw:record-suite`',
    ).toBe(suiteSourcesHash());
  });

  it('the recorded list covers every operation, on the default world and on another seed with a world file', () => {
    expect(suite.worlds.map((w) => w.options)).toEqual([
      {},
      { seed: 7, world: 'fixtures/worlds/wallet.yaml' },
    ]);
    for (const world of suite.worlds) {
      const operations = new Set(
        world.requests.map((r) => route(new URL(r.target, BASE).pathname)?.route.operationId),
      );
      expect(operations, world.name).toEqual(new Set(suiteOps.map((op) => op.operationId)));
      expect(new Set(world.requests.map((r) => r.status)), world.name).toEqual(
        new Set([200, 304, 400, 404, 500]),
      );
    }
  });

  for (const world of suite.worlds) {
    it(`every request of the fixed cases on ${world.name}: ${world.requests.length} requests`, async () => {
      const options = suiteOptions(world);
      const mock = await startMockServer(
        { ...options, port: 0, quiet: true },
        { keepAliveTimeoutMs: 120_000 },
      );
      const stacks = createStacksHandlers({ ...options, baseUrl: BASE, quiet: true });
      server.resetHandlers(...stacks.handlers);
      try {
        for (const { method, target, headers, status } of world.requests) {
          const init = { method, headers };
          const http = await wireAnswer(await realFetch(`${mock.url}${target}`, init));
          expect(
            http.status,
            `${target}: the HTTP mock answers ${http.status} where the suite got ${status} when the list was recorded; if the suite's cases or the world changed, run \`npm run msw:record-suite\``,
          ).toBe(status);
          expect(
            await wireAnswer(await fetch(`${BASE}${target}`, init)),
            `${method} ${target} ${JSON.stringify(headers)}`,
          ).toEqual(http);
        }
      } finally {
        stacks.close();
        await mock.close();
      }
    }, 60_000);
  }
});
