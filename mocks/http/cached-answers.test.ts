import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockApp, type MockAppLocals } from '../app.ts';
import type { MockOptions } from '../options.ts';
import { expressServerClasses } from './express-classes.ts';

interface Answer {
  status: number;
  /** Header names in the order sent, lower-cased, with their values. */
  headers: [string, string][];
  body: string;
  path: 'fast' | 'express';
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** The mock wired as mocks/server.ts wires it, telling which path answered each request. */
async function serve(options: Partial<MockOptions>) {
  const logs: string[] = [];
  const app = createMockApp({ blocks: 60, quiet: false, log: (l) => logs.push(l), ...options });
  const { answerIfCached } = app.locals as MockAppLocals;
  let last: Answer['path'] = 'express';
  server = createServer(expressServerClasses(app), (req, res) => {
    last = answerIfCached(req, res) ? 'fast' : 'express';
    if (last === 'express') app(req, res);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: IncomingHttpHeaders = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([(res.rawHeaders[i] as string).toLowerCase(), res.rawHeaders[i + 1] as string]);
          resolve({
            status: res.statusCode ?? 0,
            headers: pairs.filter(([n]) => n !== 'date'),
            body,
            path: last,
          });
        });
      });
      req.on('error', reject);
      req.end();
    });
  return { get, logs, live: (app.locals as MockAppLocals).live };
}

const PER_REQUEST = new Set([
  'ratelimit-remaining',
  'x-ratelimit-remaining-stacks-minute',
  'ratelimit-reset',
]);
function stable(a: Answer) {
  return { status: a.status, body: a.body, headers: a.headers.filter(([n]) => !PER_REQUEST.has(n)) };
}

describe('the cached-answer fast path', () => {
  it('answers a repeated GET with the bytes and headers, in order, that Express sent the first time', async () => {
    const { get, logs } = await serve({ rateLimit: 100, rateLimitKey: 200, apiKeys: ['k1'] });
    const url = '/extended/v2/blocks/latest';
    for (const [path, headers] of [
      [url, {}],
      ['/extended', { 'x-api-key': 'k1' }],
    ] as const) {
      const first = await get(path, headers);
      const second = await get(path, headers);
      expect([first.path, second.path]).toEqual(['express', 'fast']);
      expect(stable(second)).toEqual(stable(first));
      expect(second.headers.map(([n]) => n)).toEqual(first.headers.map(([n]) => n));
    }
    // Both paths count against the same window: 2 anonymous requests so far, and 2 keyed ones apart.
    const third = await get(url);
    expect(third.path).toBe('fast');
    expect(new Map(third.headers).get('ratelimit-remaining')).toBe('97');
    expect(logs.filter((l) => l.startsWith(`GET ${url} 200 `))).toHaveLength(3);
  });

  it('gives a deprecated route its warning, and answers 304 and HEAD as Express does', async () => {
    const { get } = await serve({ rateLimit: 0, rateLimitKey: 0 });
    const { addresses } = JSON.parse((await get('/_mock/world')).body) as { addresses: { busiest: string } };
    const url = `/extended/v1/address/${addresses.busiest}/balances`;
    const first = await get(url);
    const second = await get(url);
    expect(second.path).toBe('fast');
    expect(new Map(second.headers).get('warning')).toMatch(/^299 - "Deprecated/);
    expect(stable(second)).toEqual(stable(first));
    const etag = new Map(first.headers).get('etag') as string;
    const express304 = await get('/extended', { 'if-none-match': 'x' });
    expect(express304.status).toBe(200);
    const fresh = await get(url, { 'if-none-match': `W/${etag}` });
    expect([fresh.path, fresh.status, fresh.body]).toEqual(['fast', 304, '']);
    const head = await get(url, {}, 'HEAD');
    expect([head.path, head.status, head.body]).toEqual(['fast', 200, '']);
    expect(new Map(head.headers).get('content-length')).toBe(String(Buffer.byteLength(first.body)));
  });

  it('leaves to Express what it cannot do exactly: Prefer, refused keys, a spent limit, latency', async () => {
    const { get } = await serve({ rateLimit: 2, rateLimitKey: 5, apiKeys: ['k1'], requireApiKey: false });
    await get('/extended');
    const prefer = await get('/extended', { prefer: 'code=500' });
    expect([prefer.path, prefer.status]).toEqual(['express', 500]);
    const refused = await get('/extended', { 'x-api-key': 'wrong' });
    expect([refused.path, refused.status]).toEqual(['express', 403]);
    const limited = await get('/extended');
    expect([limited.path, limited.status]).toEqual(['express', 429]);
    await new Promise((done) => server?.close(done));
    const slow = await serve({ latencyMs: 1 });
    await slow.get('/extended');
    expect((await slow.get('/extended')).path).toBe('express');
  });

  it('never serves an answer from before the chain moved', async () => {
    const { get, live } = await serve({});
    const before = await get('/extended/v2/blocks/latest');
    expect((await get('/extended/v2/blocks/latest')).path).toBe('fast');
    const tip = live.mine(1);
    const after = await get('/extended/v2/blocks/latest');
    expect(after.path).toBe('express');
    expect((JSON.parse(after.body) as { height: number }).height).toBe(tip.height);
    expect(after.body).not.toBe(before.body);
    expect((await get('/extended/v2/blocks/latest')).body).toBe(after.body);
  });
});
