import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../mocks/app.ts';
// The mock a loopback run's target file is built from, handed over as vitest.config.ts hands it.
import '../../bin/in-process-mock.ts';
import { readConfig } from '../config.ts';
import type { TargetFile } from '../targets/target-file.ts';
import { preflight, PreflightError } from './preflight.ts';

const dir = mkdtempSync(join(tmpdir(), 'contract-preflight-'));
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // Another world than the default one, without a rate limit: what a newcomer starts with `--seed 7 --rate-limit 0`.
  server = createServer(createMockApp({ quiet: true, seed: 7, blocks: 120, rateLimit: 0 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function env(more: Record<string, string> = {}) {
  return { BASE_URL: baseUrl, CONTRACT_REPORT_DIR: dir, ...more };
}

describe('preflight', () => {
  it('reports an unreachable target as one line with the fix', async () => {
    const run = preflight(readConfig({ BASE_URL: 'http://127.0.0.1:9', CONTRACT_REPORT_DIR: dir }));
    await expect(run).rejects.toThrow(PreflightError);
    await expect(run).rejects.toThrow(/^cannot reach http:\/\/127\.0\.0\.1:9 \(.*\): start the target/);
    await expect(run).rejects.not.toThrow(/\n/);
  });

  it('builds the target of a mock in another world from its /_mock/world, and runs without the limiter', async () => {
    const config = await preflight(readConfig(env()));
    expect(config.targetFileOrigin).toMatch(/_mock\/world \(seed 7, mainnet, 120 blocks\)/);
    const file = JSON.parse(readFileSync(config.targetFile as string, 'utf8')) as TargetFile;
    expect(file.generated?.from).toEqual({ seed: 7, network: 'mainnet', blocks: 120 });
    expect(file.blocks?.length).toBeGreaterThan(0);
    expect(file.auth).toMatchObject({ keyRequired: false });
    expect(config.requestsPerMinute).toBe(0);
    expect(config.notices.join('\n')).toMatch(/client limiter off/);
  });

  it('says once, before the tests, that a target file describes another world', async () => {
    const config = await preflight(readConfig(env({ TARGET: 'fixtures/targets/mock-default.json' })));
    const notices = config.notices.join('\n');
    expect(notices).toMatch(
      /describes a mock world \(seed 1, mainnet, 600 blocks\) but .* serves another \(seed 7/,
    );
    expect(notices).toMatch(/lists block 1 as 0x[0-9a-f]{64}, but .* has 0x/);
  });

  it('names a target file that says keys work otherwise than they do', async () => {
    const config = await preflight(
      readConfig(env({ TARGET: 'fixtures/targets/mock-default.json', CONTRACT_KEY_REQUIRED: '1' })),
    );
    expect(config.notices.join('\n')).toMatch(/says auth\.keyRequired is true, but .* behaves as false/);
  });
});
