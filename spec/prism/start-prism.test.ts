import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../http/client.ts';
import { startPrism } from './start-prism.ts';

const workDir = mkdtempSync(join(tmpdir(), 'start-prism-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('startPrism', () => {
  it('serves until stopped, and then no longer answers', async () => {
    const prism = await startPrism();
    const client = httpClient(prism.baseUrl, { keepAlive: false });
    expect((await client.get('/extended')).status).toBe(200);

    await prism.stop();
    await prism.stop();
    await expect(client.get('/extended')).rejects.toThrow();
  }, 40_000);

  it("fails with Prism's own output when Prism cannot start", async () => {
    const broken = join(workDir, 'not-openapi.yaml');
    writeFileSync(broken, 'this: is not an OpenAPI document\n');
    await expect(startPrism({ specPath: broken, timeoutMs: 20_000 })).rejects.toThrow(
      /exited; its output:\n.+/s,
    );
  }, 30_000);
});
