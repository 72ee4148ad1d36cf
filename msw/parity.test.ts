import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, urlFor } from '../spec/load.ts';
import { anyInvalidRequest } from '../testing/fuzz/invalid-requests.ts';
import { urlOf } from '../testing/fuzz/fuzz-request.ts';
import { anyValidRequest, worldSamples } from '../testing/fuzz/valid-requests.ts';
import { routerOf } from '../spec/request/routing.ts';
import { sampleUrls } from '../mocks/sample-urls.ts';
import { startMockServer, type ServerDoor } from '../mocks/server.ts';
import type { Mock } from '../mocks/mock-handle.ts';
import { createStacksHandlers, type StacksMsw } from './node.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { wireAnswer } from '../testing/http/wire-answer.ts';

const BASE = 'https://api.mainnet.hiro.so';
const OPTIONS = { seed: 7, blocks: 120, rateLimit: 40, rateLimitKey: 400, apiKeys: ['k1'], now: () => 1_000 };

let mock: Mock<ServerDoor>;
let stacks: StacksMsw;
const server = setupServer();
// fetch as it was before MSW patched it, for the HTTP mock's side: MSW patches node:http too, so
// the one HTTP client (spec/http/client.ts) would go through the handlers it is compared with.
const realFetch = globalThis.fetch;

beforeAll(async () => {
  // A long keep-alive: fetch reuses its sockets, and one closed by the server as it is reused resets.
  mock = await startMockServer({ ...OPTIONS, port: 0, quiet: true }, { keepAliveTimeoutMs: 120_000 });
  stacks = createStacksHandlers({ ...OPTIONS, baseUrl: BASE, quiet: true });
  server.use(...stacks.handlers);
  server.listen({ onUnhandledRequest: 'bypass' });
}, 60_000);
afterAll(async () => {
  server.close();
  stacks.close();
  await mock.close();
});

/** The same request to the HTTP mock (past MSW) and to the handlers. */
async function both(path: string, init: RequestInit = {}): Promise<[HttpResponse, HttpResponse]> {
  const http = await wireAnswer(await realFetch(`${mock.url}${path}`, init));
  const msw = await wireAnswer(await fetch(`${BASE}${path}`, init));
  return [http, msw];
}

describe('the MSW handlers answer as the HTTP mock, byte for byte (same options, same world)', () => {
  it('every sample request, anonymous, keyed, HEAD, 304, Prefer, and the world they serve', async () => {
    expect(stacks.world).toEqual(mock.live.queries.catalogue());
    for (const [operationId, url] of Object.entries(sampleUrls(mock.live.queries, urlFor))) {
      const [first] = await both(url);
      const etag = first.headers.etag ?? '';
      for (const init of [
        {},
        { headers: { 'x-api-key': 'k1' } },
        { method: 'HEAD' },
        { headers: { 'if-none-match': etag } },
        { headers: { prefer: 'code=503' } },
        { headers: { prefer: 'code=429, delay=1' } },
        { headers: { prefer: 'code=299' } },
        { headers: { 'x-api-key': 'wrong' } },
        { method: 'POST' },
      ] as RequestInit[]) {
        const [http, msw] = await both(url, init);
        expect(msw, `${operationId} ${JSON.stringify(init)}`).toEqual(http);
      }
    }
  });

  it('generated valid and invalid requests of every operation (the fuzzers’ lists)', async () => {
    // As the spec fuzzer: drawing values for the successors' (x-releases) cursor, asset and include
    // parameters stalls fast-check synchronously.
    const ops = listOperations(loadSpec()).filter((op) => !op.releases);
    const samples = worldSamples(mock.live.queries);
    const valid = fc.sample(anyValidRequest(ops, samples), { numRuns: 120, seed: 11 });
    const invalid = fc
      .sample(anyInvalidRequest(ops, samples), { numRuns: 120, seed: 12 })
      .map((c) => c.request);
    const route = routerOf(ops, { decode: false });
    let compared = 0;
    let unrouted = 0;
    for (const request of [...valid, ...invalid]) {
      const url = urlOf(request);
      // A URL past Node's header limit never reaches the HTTP mock's pipeline; fetch has no such limit.
      if (url.length > 8_000) continue;
      if (!route(new URL(`${BASE}${url}`).pathname)) {
        // No operation's path (an empty parameter): the HTTP mock says 404, and the handlers
        // leave it to MSW's onUnhandledRequest, as the real API has other routes under the base.
        unrouted++;
        continue;
      }
      const [http, msw] = await both(url, { headers: request.headers });
      expect(msw, url.slice(0, 300)).toEqual(http);
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
    expect(unrouted).toBeLessThan(20);
  });

  it('rate limits: the same 429 once a client is past its limit, and limits change as functions', async () => {
    const url = '/extended/v2/blocks/latest';
    for (let i = 0; i < 45; i++) {
      const [http, msw] = await both(url);
      expect(msw).toEqual(http);
    }
    expect((await fetch(`${BASE}${url}`)).status).toBe(429);
    stacks.setRateLimits({ anonymous: 0 });
    expect((await fetch(`${BASE}${url}`)).status).toBe(200);
    stacks.setRateLimits({ anonymous: OPTIONS.rateLimit });
  });
});

describe('the MSW handlers’ functions', () => {
  it('errors on demand: prefer({ code, operationId, times }) answers as Prefer: code does', async () => {
    const balances = `${BASE}/extended/v1/address/${stacks.world.addresses.busiest}/balances`;
    const asked = await wireAnswer(
      await fetch(balances, { headers: { prefer: 'code=503', 'x-api-key': 'k1' } }),
    );
    stacks.prefer({ code: 503, operationId: 'get_account_balance', times: 1 });
    expect((await fetch(`${BASE}/extended`, { headers: { 'x-api-key': 'k1' } })).status).toBe(200);
    const forced = await wireAnswer(await fetch(balances, { headers: { 'x-api-key': 'k1' } }));
    const counted = (a: HttpResponse) => ({
      status: a.status,
      headers: Object.entries(a.headers).filter(([n]) => !n.includes('remaining')),
      bytes: a.bytes,
    });
    expect(counted(forced)).toEqual(counted(asked));
    expect(forced.status).toBe(503);
    expect((await fetch(balances, { headers: { 'x-api-key': 'k1' } })).status).toBe(200);
    expect(() => stacks.prefer({ code: 503, operationId: 'get_nothing' })).toThrow(
      /no operation get_nothing/,
    );
  });

  it('the living chain: mine, submit, reorg and reset move what the handlers answer', async () => {
    const keyed = { headers: { 'x-api-key': 'k1' } };
    const tipOf = async () =>
      ((await (await fetch(`${BASE}/extended/v2/blocks/latest`, keyed)).json()) as { height: number }).height;
    const start = await tipOf();
    const { addresses } = stacks.world;
    const { tx_id } = stacks.submit({
      type: 'token_transfer',
      sender: addresses.busiest,
      recipient: addresses.unknown,
      amount: 1_000,
      fee: 200,
    });
    const txUrl = `${BASE}/extended/v1/tx/multiple?tx_id=${tx_id}`;
    const statusOf = async () =>
      ((await (await fetch(txUrl, keyed)).json()) as Record<string, { result: { tx_status: string } }>)[tx_id]
        ?.result.tx_status;
    expect(await statusOf()).toBe('pending');
    expect(stacks.mine(2).height).toBe(start + 2);
    expect(await tipOf()).toBe(start + 2);
    expect(await statusOf()).toBe('success');
    expect(stacks.reorg(1).height).toBe(start + 3);
    expect(stacks.reset().height).toBe(start);
    expect(await tipOf()).toBe(start);
  });

  it('lets requests it does not serve through: another host, another path under the base', async () => {
    const unhandled: string[] = [];
    server.events.on('request:unhandled', ({ request }) => void unhandled.push(request.url));
    // A node route the mock does not serve (it serves /v2/info and the contract routes).
    await fetch(`${BASE}/v2/neighbors`).catch(() => undefined);
    expect(unhandled).toEqual([`${BASE}/v2/neighbors`]);
    server.events.removeAllListeners();
  });
});
