import { mkdtempSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../mocks/app.ts';
import { readConfig } from '../config.ts';
import { judgeResponse } from '../expect.ts';
import { RequestBudget } from '../http/budget.ts';
import { ContractClient, exchangeOf } from '../http/client.ts';
import { Limiter } from '../http/limiter.ts';
import { httpTransport } from '../http/transport.ts';
import { ExchangeLog } from '../report/exchange-log.ts';
import { operationMatcher, type Operation } from '../../spec/load.ts';
import { operations } from '../spec-context.ts';
import type { ContractTarget } from '../target.ts';
import { discoverTargetData } from '../targets/discover.ts';
import { loadTargetFile } from '../targets/target-file.ts';
import { variantApp } from '../self-test/variant-server.ts';
import { explore, renderFailure } from './explore.ts';

const dir = mkdtempSync(join(tmpdir(), 'contract-explore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mock = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const file = loadTargetFile(join(import.meta.dirname, '../../fixtures/targets/mock-default.json'));

/** A target over an app, as the suite builds one, recording every URL it sends. */
function targetOver(app: RequestListener, urls: string[]): ContractTarget {
  const log = new ExchangeLog(dir);
  const transport = httpTransport(app);
  const client = new ContractClient({
    transport: (request, timeout) => {
      urls.push(request.target);
      return transport(request, timeout);
    },
    limiter: new Limiter(0),
    budget: new RequestBudget(2_000),
    log,
    timeoutMs: 10_000,
    maxRetryAfterMs: 1_000,
  });
  const config = readConfig({ CONTRACT_RUN_DIR: dir, CONTRACT_SEED: '5' });
  return { config, file, client, log, kind: 'mock' } as unknown as ContractTarget;
}

async function exploreOnce(app: RequestListener, seed: number, cases: number) {
  const urls: string[] = [];
  const target = targetOver(app, urls);
  const data = await discoverTargetData(file, target.client, target.log);
  const result = await explore(target, data, { seed, cases });
  return { urls, result, target };
}

describe('the exploration phase', () => {
  it('sends the same requests for the same seed, and others for another', async () => {
    const [a, b, c] = [
      await exploreOnce(mock, 7, 40),
      await exploreOnce(mock, 7, 40),
      await exploreOnce(mock, 8, 40),
    ];
    expect(a.result.failure?.message).toBeUndefined();
    expect(a.urls.length).toBeGreaterThan(25);
    expect(b.urls).toEqual(a.urls);
    expect(c.urls).not.toEqual(a.urls);
  });

  it('shrinks a failure to a short chain whose printed curl commands replay it', async () => {
    // Every page of transactions with an offset above 3 claims one more transaction than it has.
    const broken = variantApp(mock, {
      name: 'total-off-past-offset-3',
      breaks: 'total',
      caughtBy: [],
      response: (r) => {
        const body = r.body as { total?: number } | undefined;
        if (
          r.operationId === 'get_account_transactions_with_transfers' &&
          Number(r.url.searchParams.get('offset') ?? '0') > 3 &&
          typeof body?.total === 'number'
        )
          body.total += 1;
      },
    });
    const { result, target } = await exploreOnce(broken, 3, 200);
    const failure = result.failure;
    expect(failure, 'the exploration finds the broken total').toBeDefined();
    if (!failure) return;
    expect(failure.steps.length).toBeLessThanOrEqual(2);
    const text = renderFailure(target, { seed: 3, cases: 200 }, failure);
    expect(text).toContain('CONTRACT_SEED=3 CONTRACT_EXPLORE=200');
    const curls = [...text.matchAll(/curl -sS -H 'Accept: application\/json' '([^']+)'/g)].map(
      (m) => m[1] as string,
    );
    expect(curls).toHaveLength(failure.steps.length);
    // Replayed alone, as its curl command sends it, the last request fails the same check.
    const last = new URL(curls[curls.length - 1] as string);
    const pathAndQuery = `${last.pathname}${last.search}`;
    const raw = await httpTransport(broken)(
      { method: 'GET', target: pathAndQuery, headers: { Accept: 'application/json' } },
      10_000,
    );
    const replayed = exchangeOf(raw, {
      id: 0,
      operation: operationMatcher(operations)(last.pathname) as Operation,
      target: pathAndQuery,
      ms: 0,
    });
    const judged = judgeResponse(target, replayed, { status: 200, because: 'replayed' }, [], false);
    expect(judged.unknown.map((p) => p.where)).toContain('check page_holds_what_total_says');
  });
});
