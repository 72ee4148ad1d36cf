import { afterEach, describe, expect, it } from 'vitest';
import { operationById } from '../../spec/load.ts';
import type { MockOptions } from '../options.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';

const CONCURRENCY = 200;
const ANONYMOUS = 50;
const KEYED = 80;
const KEYS = ['key-alpha-0123456789', 'key-bravo-0123456789'];
const getStatus = operationById('get_status');

let running: Mock<ServerDoor>[] = [];
afterEach(async () => {
  await Promise.all(running.map((m) => m.close()));
  running = [];
});

/** A mock on loopback whose clock stands still, so every request of a burst falls in one window. */
async function mock(options: Partial<MockOptions> = {}): Promise<Mock<ServerDoor>> {
  const m = await startMockServer({
    port: 0,
    quiet: true,
    blocks: 60,
    rateLimit: ANONYMOUS,
    rateLimitKey: KEYED,
    apiKeys: KEYS,
    now: () => 1_000_000,
    ...options,
  });
  running.push(m);
  return m;
}

/** Fires every request at once, each on its own connection, and waits for all the answers. */
async function burst(m: Mock<ServerDoor>, headers: Record<string, string>[]): Promise<HttpResponse[]> {
  const client = httpClient(m.url, { keepAlive: false });
  const answers = await Promise.all(headers.map((h) => client.get('/extended', h)));
  for (const a of answers) expect(problemsWithAnswer(getStatus, a)).toEqual([]);
  return answers;
}

function passed(answers: HttpResponse[]): number {
  return answers.filter((a) => a.status === 200).length;
}
function times<T>(n: number, make: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => make(i));
}

describe(`rate limits under ${CONCURRENCY} concurrent requests over real sockets`, () => {
  it(`lets exactly ${ANONYMOUS} anonymous requests through, each spending one distinct unit of the budget`, async () => {
    const answers = await burst(
      await mock(),
      times(CONCURRENCY, () => ({})),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array(ANONYMOUS).fill(200),
      ...Array(CONCURRENCY - ANONYMOUS).fill(429),
    ]);
    const remaining = answers
      .filter((a) => a.status === 200)
      .map((a) => Number(a.headers['ratelimit-remaining']));
    expect(remaining.sort((a, b) => a - b)).toEqual(times(ANONYMOUS, (i) => i));
  });

  it('keeps the anonymous budget and each key’s budget apart when they arrive together', async () => {
    // 100 of each, 300 connections at once: within the server's connection limit.
    const headers: Record<string, string>[] = [
      ...times(100, () => ({})),
      ...KEYS.flatMap((key) => times(100, () => ({ 'X-API-Key': key }))),
    ];
    const answers = await burst(await mock(), headers);
    const of = (key: string | undefined): HttpResponse[] =>
      answers.filter((_, i) => headers[i]?.['X-API-Key'] === key);
    expect([passed(of(undefined)), ...KEYS.map((k) => passed(of(k)))]).toEqual([ANONYMOUS, KEYED, KEYED]);
  });

  it('ignores X-Forwarded-For without --trust-proxy: a client cannot mint fresh budgets', async () => {
    const answers = await burst(
      await mock(),
      times(CONCURRENCY, (i) => ({ 'X-Forwarded-For': `10.0.${i >> 8}.${i & 255}` })),
    );
    expect(passed(answers)).toBe(ANONYMOUS);
  });

  it('with --trust-proxy, budgets anonymous clients per forwarded address, and a key whatever the address', async () => {
    const m = await mock({ trustProxy: true });
    const distinct = await burst(
      m,
      times(CONCURRENCY, (i) => ({ 'X-Forwarded-For': `10.1.${i >> 8}.${i & 255}` })),
    );
    expect(passed(distinct)).toBe(CONCURRENCY);
    const same = await burst(
      m,
      times(CONCURRENCY, () => ({ 'X-Forwarded-For': '10.2.0.1' })),
    );
    expect(passed(same)).toBe(ANONYMOUS);
    const keyed = await burst(
      m,
      times(CONCURRENCY, (i) => ({
        'X-API-Key': KEYS[0] as string,
        'X-Forwarded-For': `10.3.${i >> 8}.${i & 255}`,
      })),
    );
    expect(passed(keyed)).toBe(KEYED);
  });
});
