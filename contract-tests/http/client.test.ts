import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestListener, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeLog } from '../report/exchange-log.ts';
import { EXCHANGE_LOG, type ExchangeRecord } from '../report/records.ts';
import { BudgetExceeded, RequestBudget } from './budget.ts';
import { ContractClient } from './client.ts';
import { fakeClock } from '../../testing/http/fake-clock.ts';
import { Limiter } from './limiter.ts';
import { httpTransport } from './transport.ts';

const dir = mkdtempSync(join(tmpdir(), 'contract-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that answers 429 (retry-after: 7) to the first `limited` requests, then 200. */
function server(limited: number): RequestListener {
  let seen = 0;
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  return (req, res) => {
    if (req.url?.startsWith('/extended/v2/blocks/')) return void setTimeout(() => json(res, 200, {}), 500);
    seen += 1;
    if (seen <= limited)
      return json(
        res,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
        { 'retry-after': '7' },
      );
    json(res, 200, req.headers['x-api-key'] === 'secret' ? { keyed: true } : { ok: true });
  };
}

function client(app: RequestListener, options: { max?: number; timeoutMs?: number; apiKey?: string } = {}) {
  const clock = fakeClock();
  const log = new ExchangeLog(dir);
  const c = new ContractClient({
    transport: httpTransport(app),
    limiter: new Limiter(0, clock),
    budget: new RequestBudget(options.max ?? 100),
    log,
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetryAfterMs: 60_000,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    clock,
  });
  return { c, clock };
}

function logged(): ExchangeRecord[] {
  return readFileSync(join(dir, EXCHANGE_LOG), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ExchangeRecord);
}

describe('ContractClient', () => {
  it('obeys retry-after on an unexpected 429: waits as told, then repeats the request', async () => {
    const { c, clock } = client(server(1));
    const ex = await c.call('get_status');
    expect(ex.status).toBe(200);
    expect(clock.slept).toEqual([7_000]);
    expect(
      logged()
        .slice(-2)
        .map((r) => [r.status, r.retry ?? false]),
    ).toEqual([
      [429, false],
      [200, true],
    ]);
  });

  it('hands a 429 it was asked to provoke back without waiting or repeating', async () => {
    const { c, clock } = client(server(5));
    const ex = await c.call('get_status', {}, { provokeRateLimit: true });
    expect(ex.status).toBe(429);
    expect(clock.slept).toEqual([]);
  });

  it('sends the run key unless told to send none or another', async () => {
    const { c } = client(server(0), { apiKey: 'secret' });
    expect((await c.call('get_status')).body).toEqual({ keyed: true });
    expect((await c.call('get_status', {}, { apiKey: null })).body).toEqual({ ok: true });
  });

  it('stops at the request budget (MAX_REQUESTS)', async () => {
    const { c } = client(server(0), { max: 2 });
    await c.call('get_status');
    await c.call('get_status');
    await expect(c.call('get_status')).rejects.toThrow(BudgetExceeded);
    expect(c.requestsSent).toBe(2);
  });

  it('gives up on a request after the timeout, naming the operation and the request', async () => {
    const { c } = client(server(0), { timeoutMs: 100 });
    await expect(c.call('get_block', { path: { height_or_hash: 'latest' } })).rejects.toThrow(
      /get_block GET \/extended\/v2\/blocks\/latest: no answer within 100 ms/,
    );
  });
});
