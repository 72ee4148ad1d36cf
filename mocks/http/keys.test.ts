import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../testing/spec-checked-client.ts';

const KEY = 'test-key-0123456789';

describe('API keys', () => {
  const lines: string[] = [];
  const open = specCheckedClient(
    createMockApp({ blocks: 60, rateLimit: 0, apiKeys: [KEY], log: (l) => lines.push(l) }),
  );
  const strict = specCheckedClient(
    createMockApp({ blocks: 60, rateLimit: 0, apiKeys: [KEY], requireApiKey: true, quiet: true }),
  );

  it('accepts requests without a key', async () => {
    expect((await open('/extended')).status).toBe(200);
  });

  it('accepts a configured key', async () => {
    expect((await open('/extended', { 'X-API-Key': KEY })).status).toBe(200);
  });

  it('refuses an unknown key with 403, including one that only shares a prefix', async () => {
    for (const key of ['nope', KEY.slice(0, -1), `${KEY}x`]) {
      const res = await open('/extended', { 'X-API-Key': key });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('answers 401 to a missing key when keys are required', async () => {
    const res = await strict('/extended/v2/blocks/latest');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await strict('/extended/v2/blocks/latest', { 'X-API-Key': KEY })).status).toBe(200);
  });

  it('never logs or echoes a key', async () => {
    const res = await open('/extended', { 'X-API-Key': 'secret-that-must-not-leak' });
    expect(res.text).not.toContain('secret-that-must-not-leak');
    expect(lines.join('\n')).not.toContain('secret-that-must-not-leak');
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
