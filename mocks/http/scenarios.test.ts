import { describe, expect, it } from 'vitest';
import { listOperations, urlFor } from '../../spec/load.ts';
import { errorFieldStatuses } from '../../spec/document.ts';
import { createMockApp } from '../app.ts';
import { HOSTED_RATE_LIMITS } from '../options.ts';
import { sampleUrls } from '../sample-urls.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { forcedText, parsePrefer } from './scenarios.ts';

const app = createMockApp({ blocks: 60, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

/** A request each operation answers 200 to; the forced status must win over that. */
const urls = sampleUrls(app.live.queries, urlFor);

describe('Prefer: code=<status>', () => {
  // The reads: a POST changes the chain and answers its own refusals (api/wallet-loop.test.ts).
  for (const op of listOperations().filter((o) => o.method === 'get')) {
    const statuses = Object.keys(op.responses).map((k) => (k === '5XX' ? '503' : k === '4XX' ? '418' : k));
    // An operation the world has no valid request for (no trait to ask about) has no sample.
    const url = urls[op.operationId];
    it.skipIf(url === undefined).each(statuses)(
      `${op.operationId} answers Prefer: code=%s with a body valid for it`,
      async (code) => {
        const res = await get(url as string, { Prefer: `code=${code}` });
        expect(res.status).toBe(Number(code));
        const text = forcedText(op, Number(code));
        // A deprecated operation's 410 is the real service's sunset body, which has no statusCode;
        // the token metadata service's 404 and 422, and the BNS routes' 404, are their own `{error}` body.
        const own = errorFieldStatuses(op).includes(Number(code));
        if (code === '410') expect(res.body.error).toBe('Gone');
        else if (own) expect(res.body).toEqual(op.responses[code]?.content?.['application/json']?.example);
        // A stacks-node's own 404 is its text.
        else if (text !== undefined) expect(res.text).toBe(text);
        else if (Number(code) >= 400) expect(res.body.statusCode).toBe(Number(code));
        if (code === '429') expect(res.headers['retry-after']).toBeDefined();
      },
    );
  }

  it('answers Prefer: code=429 with rate-limit headers that agree with a 429', async () => {
    const limited = specCheckedClient(createMockApp({ blocks: 60, quiet: true, ...HOSTED_RATE_LIMITS }));
    const res = await limited('/extended', { Prefer: 'code=429' });
    expect(res.status).toBe(429);
    expect(res.headers['ratelimit-limit']).toBe('50');
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-remaining-stacks-minute']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(res.headers['ratelimit-reset']);
    const unlimited = await get('/extended', { Prefer: 'code=429' });
    expect([unlimited.headers['ratelimit-remaining'], unlimited.headers['retry-after']]).toEqual(['0', '60']);
  });

  it.each(['example=valid', 'dynamic=true'])('names Prism’s Prefer: %s as ignored', async (prism) => {
    const res = await get('/extended', { Prefer: prism });
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-prefer-ignored']).toMatch(new RegExp(`^${prism} is Prism's: `));
    const both = await get('/extended', { Prefer: `code=503, ${prism}` });
    expect(both.status).toBe(503);
    expect(both.headers['x-mock-prefer-ignored']).toMatch(/is Prism's/);
  });

  it('ignores a status the operation does not document, and says why', async () => {
    const res = await get('/extended', { Prefer: 'code=404' });
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-prefer-ignored']).toMatch(/code=404 is not documented for get_status/);
    expect(res.headers['preference-applied']).toBeUndefined();
  });
});

describe('Prefer: delay=<ms>', () => {
  it('delays one answer', async () => {
    const start = performance.now();
    expect((await get('/extended', { Prefer: 'delay=150' })).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(140);
  });

  it('ignores an unbounded or malformed delay, and says why', async () => {
    // Honoured, delay=999999 would hold the answer past the test's timeout: no clock needed here.
    for (const delay of ['999999', 'soon']) {
      const res = await get('/extended', { Prefer: `delay=${delay}` });
      expect(res.status).toBe(200);
      expect(res.headers['x-mock-prefer-ignored']).toMatch(/delay must be 0 to 60000 milliseconds/);
    }
  });
});

describe('parsePrefer', () => {
  it('reads several preferences and ignores unknown ones', () => {
    expect(parsePrefer('code=404, delay=10; respond-async')).toEqual({ code: 404, delay: 10, ignored: [] });
    expect(parsePrefer(undefined)).toEqual({ ignored: [] });
    expect(parsePrefer('code=abc').ignored).toEqual(['code must be an HTTP status, got "abc"']);
  });
});

describe('--fault-rate', () => {
  async function faults(seed: number, n: number): Promise<number[]> {
    const faulty = specCheckedClient(
      createMockApp({ blocks: 60, quiet: true, rateLimit: 0, faultRate: 0.3, seed }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await faulty('/extended')).status);
    return statuses;
  }

  it('injects 5xx at about the configured rate, the same sequence for the same seed', async () => {
    const a = await faults(7, 400);
    const b = await faults(7, 400);
    expect(a).toEqual(b);
    const rate = a.filter((s) => s === 500).length / a.length;
    expect(rate).toBeGreaterThan(0.22);
    expect(rate).toBeLessThan(0.38);
    expect(a.every((s) => s === 200 || s === 500)).toBe(true);
  });
});
