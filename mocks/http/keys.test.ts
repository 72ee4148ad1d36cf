import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

const KEY = 'test-key-0123456789';

describe('API keys', () => {
  const lines: string[] = [];
  const open = specCheckedClient(
    createMockApp({ blocks: 60, rateLimit: 0, apiKeys: [KEY], log: (l) => lines.push(l) }),
  );
  const strict = specCheckedClient(
    createMockApp({ blocks: 60, rateLimit: 0, apiKeys: [KEY], requireApiKey: true, quiet: true }),
  );
  const anyKey = specCheckedClient(createMockApp({ blocks: 60, rateLimit: 1, rateLimitKey: 2, quiet: true }));
  const anyKeyRequired = specCheckedClient(
    createMockApp({ blocks: 60, rateLimit: 0, requireApiKey: true, quiet: true }),
  );

  it('accepts requests without a key', async () => {
    expect((await open('/extended')).status).toBe(200);
  });

  it('accepts a configured key', async () => {
    expect((await open('/extended', { 'X-API-Key': KEY })).status).toBe(200);
  });

  it('refuses an unknown key with 403 when keys are configured, including one that only shares a prefix', async () => {
    for (const key of ['nope', KEY.slice(0, -1), `${KEY}x`]) {
      const res = await open('/extended', { 'X-API-Key': key });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('with no keys configured, accepts any key and counts it as a keyed client with its own limit', async () => {
    const app = 'my-real-production-key';
    const first = await anyKey('/extended', { 'X-API-Key': app });
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect((await anyKey('/extended', { 'X-API-Key': app })).status).toBe(200);
    expect((await anyKey('/extended', { 'X-API-Key': app })).status).toBe(429);
    // Another key is another client; the anonymous budget (1/min) is untouched by keyed requests.
    expect((await anyKey('/extended', { 'X-API-Key': 'another-key' })).status).toBe(200);
    const anonymous = await anyKey('/extended');
    expect([anonymous.status, anonymous.headers['ratelimit-limit']]).toEqual([200, '1']);
  });

  it('answers 401 to a missing key when keys are required, with or without keys configured', async () => {
    for (const client of [strict, anyKeyRequired]) {
      const res = await client('/extended/v2/blocks/latest');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect((await strict('/extended/v2/blocks/latest', { 'X-API-Key': KEY })).status).toBe(200);
    expect((await strict('/extended/v2/blocks/latest', { 'X-API-Key': 'nope' })).status).toBe(403);
    expect((await anyKeyRequired('/extended/v2/blocks/latest', { 'X-API-Key': 'any' })).status).toBe(200);
  });

  it('never logs or echoes a key', async () => {
    const res = await open('/extended', { 'X-API-Key': 'secret-that-must-not-leak' });
    expect(res.text).not.toContain('secret-that-must-not-leak');
    expect(lines.join('\n')).not.toContain('secret-that-must-not-leak');
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
