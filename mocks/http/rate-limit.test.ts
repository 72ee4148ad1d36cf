import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

const KEY = 'rate-key';

function setup(limits: { rateLimit: number; rateLimitKey: number }) {
  let now = 1_000_000;
  const app = createMockApp({
    blocks: 60,
    quiet: true,
    apiKeys: [KEY, 'other-key'],
    now: () => now,
    ...limits,
  });
  return { get: specCheckedClient(app), advance: (ms: number) => (now += ms) };
}

describe('rate limits', () => {
  it('lets exactly the limit through per minute without a key, then 429 with retry-after', async () => {
    const { get } = setup({ rateLimit: 5, rateLimitKey: 10 });
    for (let i = 1; i <= 5; i++) {
      const res = await get('/extended');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(res.headers['x-ratelimit-remaining-stacks-minute']).toBe(String(5 - i));
    }
    const limited = await get('/extended');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('opens a new window after a minute', async () => {
    const { get, advance } = setup({ rateLimit: 2, rateLimitKey: 10 });
    await get('/extended');
    await get('/extended');
    expect((await get('/extended')).status).toBe(429);
    advance(60_000);
    expect((await get('/extended')).status).toBe(200);
  });

  it('limits a keyed client per key, apart from the anonymous budget and from other keys', async () => {
    const { get } = setup({ rateLimit: 1, rateLimitKey: 3 });
    expect((await get('/extended')).status).toBe(200);
    expect((await get('/extended')).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await get('/extended', { 'X-API-Key': KEY })).status).toBe(200);
    const limited = await get('/extended', { 'X-API-Key': KEY });
    expect(limited.status).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect((await get('/extended', { 'X-API-Key': 'other-key' })).status).toBe(200);
  });

  it('sends no rate-limit headers when limiting is off', async () => {
    const { get } = setup({ rateLimit: 0, rateLimitKey: 0 });
    const res = await get('/extended');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const { get } = setup({ rateLimit: 1, rateLimitKey: 1 });
    expect((await get('/extended', { 'X-Forwarded-For': '10.0.0.1' })).status).toBe(200);
    expect((await get('/extended', { 'X-Forwarded-For': '10.0.0.2' })).status).toBe(429);
    const trusted = specCheckedClient(
      createMockApp({ blocks: 60, quiet: true, rateLimit: 1, trustProxy: true }),
    );
    expect((await trusted('/extended', { 'X-Forwarded-For': '10.0.0.1' })).status).toBe(200);
    expect((await trusted('/extended', { 'X-Forwarded-For': '10.0.0.2' })).status).toBe(200);
  });
});
