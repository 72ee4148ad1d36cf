import { listOperations, urlFor } from '../../spec/load.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { createMockApp, type ListenerDoor } from '../app.ts';
import type { Mock } from '../mock-handle.ts';
import { sampleUrls } from '../sample-urls.ts';
import { handlers } from '../operations/handlers.ts';

const NODE_OWN = new Set(['date', 'connection', 'keep-alive']);
/** Headers that count requests or time: they differ from one request to the next by design. */
const PER_REQUEST = new Set([
  'ratelimit-remaining',
  'x-ratelimit-remaining-stacks-minute',
  'ratelimit-reset',
  'retry-after',
]);

async function serve(app: Mock<ListenerDoor>): Promise<{
  server: Server;
  send: (path: string, headers?: Record<string, string>, method?: string) => Promise<HttpResponse>;
}> {
  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const client = httpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  server.once('close', () => void client.close());
  const send = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    client.send({ method, target, headers });
  return { server, send };
}

/**
 * What must not differ between two answers: the status, the headers in the order sent (Node's
 * own and those that count requests left out) and the bytes.
 */
function stable(a: HttpResponse): { status: number; headers: [string, string][]; text: string } {
  const headers = Object.entries(a.headers).filter(([n]) => !NODE_OWN.has(n) && !PER_REQUEST.has(n));
  return { status: a.status, headers, text: a.text };
}

const KEY = 'k1';
let open: Awaited<ReturnType<typeof serve>>;
let limited: Awaited<ReturnType<typeof serve>>;
let openApp: Mock<ListenerDoor>;
let urls: [string, string][];

beforeAll(async () => {
  openApp = createMockApp({ blocks: 60, quiet: true, rateLimit: 1_000, rateLimitKey: 1_000, apiKeys: [KEY] });
  open = await serve(openApp);
  limited = await serve(
    createMockApp({ blocks: 60, quiet: true, rateLimit: 1, rateLimitKey: 1, apiKeys: [KEY], now: () => 0 }),
  );
  urls = Object.entries(sampleUrls(openApp.live.queries, urlFor));
}, 60_000);

afterAll(async () => {
  await Promise.all([open, limited].map(({ server }) => new Promise((done) => server.close(done))));
});

/**
 * One pipeline answers every API request (mocks/http/pipeline.ts): the first request of a URL
 * runs validation and the handler and fills the response cache, the next is served from it. Both
 * must be the same bytes and the same headers in the same order, whatever the request carries.
 */
describe('the pipeline: a cached answer is the computed one, byte for byte', () => {
  const variants: [string, Record<string, string>, string][] = [
    ['anonymous', {}, 'GET'],
    ['keyed', { 'x-api-key': KEY }, 'GET'],
    ['HEAD', {}, 'HEAD'],
    ['Prefer: code=503', { prefer: 'code=503' }, 'GET'],
    ['Prefer: delay and an ignored code', { prefer: 'delay=1, code=299' }, 'GET'],
  ];
  it.each(variants)('%s, for every read operation', async (_name, headers, method) => {
    // Every read but those that wait for the Clarity engine and the trait check (the world defines no trait).
    const sampled = listOperations().filter(
      (op) =>
        op.method === 'get' &&
        !handlers[op.operationId]?.waitsForEngine &&
        op.operationId !== 'get_is_trait_implemented',
    );
    expect(urls).toHaveLength(sampled.length);
    for (const [operationId, url] of urls) {
      const bust = `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(_name)}`;
      const first = await open.send(bust, headers, method);
      const second = await open.send(bust, headers, method);
      expect(stable(second), operationId).toEqual(stable(first));
      const expected = _name.startsWith('Prefer: code') ? 503 : 200;
      expect(first.status, operationId).toBe(expected);
      if (method === 'HEAD') expect(first.text).toBe('');
      if (expected === 200) expect(first.headers['ratelimit-limit']).toBe('1000');
    }
  });

  it('304 for a matching If-None-Match, the same from the cache, for every read that documents one', async () => {
    const documented = new Set(
      listOperations()
        .filter((op) => '304' in op.responses)
        .map((op) => op.operationId),
    );
    expect(documented.size).toBeGreaterThan(20);
    // A fresh app, which has answered none of these URLs, computes each 304 itself; this one serves it from the cache.
    const fresh = await serve(
      createMockApp({ blocks: 60, quiet: true, rateLimit: 1_000, rateLimitKey: 1_000, apiKeys: [KEY] }),
    );
    for (const [operationId, url] of urls.filter(([id]) => documented.has(id))) {
      const bust = `${url}${url.includes('?') ? '&' : '?'}v=304`;
      const first = await open.send(bust);
      const etag = first.headers.etag as string;
      const computed = await fresh.send(bust, { 'if-none-match': etag });
      const cached = await open.send(bust, { 'if-none-match': `W/${etag}` });
      expect([computed.status, cached.status], operationId).toEqual([304, 304]);
      expect(stable(cached)).toEqual(stable(computed));
      expect(cached.text).toBe('');
    }
    await new Promise((done) => fresh.server.close(done));
  });

  it('rate-limited: the second request of a client gets 429 with the gateway headers, cached or not', async () => {
    for (const [operationId, url] of urls) {
      for (const headers of [{ 'x-forwarded-for': 'ignored' }, { 'x-api-key': KEY }] as Record<
        string,
        string
      >[]) {
        const bust = `${url}${url.includes('?') ? '&' : '?'}v=limited-${operationId}-${headers['x-api-key'] ? 'k' : 'a'}`;
        const kind = headers['x-api-key'] ? 'per API key' : 'per client IP without a key';
        // Each client is allowed one request a minute; the clock stands still.
        const served = await limited.send(bust, headers);
        const refused = await limited.send(bust, headers);
        if (served.status === 429) {
          // The window of this client was spent by an earlier operation: both are refusals.
          expect(stable(refused)).toEqual(stable(served));
        } else {
          expect(served.status).toBe(200);
          expect(refused.status, operationId).toBe(429);
        }
        expect(refused.body).toMatchObject({
          statusCode: 429,
          message: expect.stringContaining(kind),
        });
        const got = refused.headers;
        expect([got['ratelimit-remaining'], got['retry-after'], got['cache-control']]).toEqual([
          '0',
          '60',
          'no-store',
        ]);
      }
    }
  });

  it('never serves an answer from before the chain moved', async () => {
    const url = '/extended/v2/blocks/latest?v=moved';
    const before = await open.send(url);
    expect((await open.send(url)).text).toBe(before.text);
    const tip = openApp.live.mine(1);
    const after = await open.send(url);
    expect((after.body as { height: number }).height).toBe(tip.height);
    expect(after.text).not.toBe(before.text);
    expect((await open.send(url)).text).toBe(after.text);
  });

  it('gives the mock’s own paths the same service headers as the API', async () => {
    const api = await open.send('/extended');
    const own = await open.send('/_mock/world');
    const leading = (e: HttpResponse) => Object.keys(e.headers).slice(0, 3);
    expect(leading(own)).toEqual(leading(api));
    expect(leading(api)).toEqual([
      'access-control-allow-origin',
      'access-control-expose-headers',
      'x-api-version',
    ]);
  });
});
