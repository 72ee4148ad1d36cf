import { describe, expect, it } from 'vitest';
import { createMock } from '../create-mock.ts';
import type { LoggedRequest } from '../http/request-log.ts';
import { windowRows } from '../query/paging.ts';
import { FEED_SIZE, observeBoth, RequestFeed } from './request-feed.ts';

function request(n: number): LoggedRequest {
  return { method: 'GET', path: `/extended?n=${n}`, status: 200, ms: n + 0.04 };
}

describe('the request feed', () => {
  it('gives what came after a number, oldest first, and forgets all but the last FEED_SIZE', () => {
    const feed = new RequestFeed();
    expect(feed.since(0)).toEqual([]);
    for (let n = 1; n <= FEED_SIZE + 30; n++) feed.observe(request(n));
    const all = feed.since(0);
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: FEED_SIZE }, (_, i) => i + 31));
    expect(feed.since(FEED_SIZE + 27).map((r) => [r.seq, r.path, r.ms])).toEqual([
      [FEED_SIZE + 28, `/extended?n=${FEED_SIZE + 28}`, FEED_SIZE + 28],
      [FEED_SIZE + 29, `/extended?n=${FEED_SIZE + 29}`, FEED_SIZE + 29],
      [FEED_SIZE + 30, `/extended?n=${FEED_SIZE + 30}`, FEED_SIZE + 30],
    ]);
    expect(feed.since(FEED_SIZE + 30)).toEqual([]);
    expect(all[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows a path with control characters as one tidy line', () => {
    const feed = new RequestFeed();
    feed.observe({ ...request(1), path: '/extended\u001b[2J\n' });
    expect(feed.since(0)[0]?.path).toBe('/extended?[2J?');
  });

  it('tells both observers, or the first alone', () => {
    const seen: string[] = [];
    observeBoth(
      (r) => seen.push(`a ${r.path}`),
      (r) => seen.push(`b ${r.path}`),
    )(request(1));
    observeBoth((r) => seen.push(`c ${r.path}`), undefined)(request(2));
    expect(seen).toEqual(['a /extended?n=1', 'b /extended?n=1', 'c /extended?n=2']);
  });
});

describe('the home page marks deprecated calls it has seen', () => {
  it('as the release deprecates them: operation 5 as 9.0.2, not as 8.11.6', async () => {
    const events = (mock: ReturnType<typeof createMock>) => {
      const history = mock.live.queries.history(mock.live.queries.catalogue().addresses.stx_activity, {
        unanchored: false,
      });
      return history && windowRows(history, { limit: 1, offset: 0 })[0];
    };
    for (const [version, marked] of [
      ['9.0.2', true],
      ['8.11.6', false],
    ] as const) {
      const mock = createMock({ quiet: true, rateLimit: 0, apiVersion: version });
      const address = mock.live.queries.catalogue().addresses.stx_activity;
      const row = events(mock);
      expect(row).toBeDefined();
      const txId = mock.live.queries.chain.txs.idHex(row!.tx);
      const ask = (url: string) => mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined });
      await ask('/extended');
      await ask(`/extended/v2/addresses/${address}/transactions/${txId}/events`);
      await ask(`/extended/v1/address/${address}/balances`);
      expect(mock.feed.since(0).map((r) => r.deprecated ?? false)).toEqual([false, marked, true]);
    }
  });
});
