import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import { createMockApp } from '../app.ts';
import { cliFromSources } from '../cli-build.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { exportWorld } from './export-world.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'export-world-'));
let mock: Mock<ServerDoor>;
let addresses: string[];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0 });
  const catalogue = mock.live.queries.catalogue().addresses;
  // Busy ones: STX, FT and NFT activity, a lock, a vesting schedule.
  addresses = [
    ...new Set([
      catalogue.stx_activity,
      catalogue.ft_activity,
      catalogue.nft_activity,
      catalogue.locked_stx,
      catalogue.vesting,
    ]),
  ];
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What must survive the round trip: the balances an app shows (an asset with none left is none). */
function essentials(body: any) {
  const held = (assets: Record<string, any>, key: string) =>
    Object.fromEntries(
      Object.entries(assets)
        .map(([k, v]) => [k, v[key] as string])
        .filter(([, v]) => v !== '0'),
    );
  return {
    balance: body.stx.balance,
    locked: body.stx.locked,
    ft: held(body.fungible_tokens, 'balance'),
    // A BNS name is no token the export declares (export-world.ts): a world file names it under `names:`.
    nft: Object.fromEntries(
      Object.entries(held(body.non_fungible_tokens, 'count')).filter(
        ([asset]) => !asset.endsWith('.bns::names'),
      ),
    ),
    vesting: body.token_offering_locked?.unlock_schedule,
  };
}

describe('npm run mock -- export', () => {
  it('writes a world file whose mock answers the same balances for the exported addresses', async () => {
    const text = await exportWorld(mock.url, addresses);
    const path = join(dir, 'exported.yaml');
    writeFileSync(path, text);
    const replay = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0, world: path }));
    const original = httpClient(mock.url, { keepAlive: false });
    let nonTrivial = 0;
    for (const address of addresses) {
      const before = essentials((await original.get(`/extended/v1/address/${address}/balances`)).body);
      const after = essentials((await replay(`/extended/v1/address/${address}/balances`)).body);
      expect(after, address).toEqual(before);
      if (Object.keys(before.ft).length + Object.keys(before.nft).length > 0 || before.locked !== '0')
        nonTrivial++;
    }
    expect(nonTrivial).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/type: stack_stx/);
    expect(text).toMatch(/kind: nft/);
  });

  it('runs from the command line, writing --out', async () => {
    const out = join(dir, 'cli.yaml');
    const child = spawn(
      process.execPath,
      [
        ...(await cliFromSources()),
        'export',
        '--from',
        mock.url,
        '--address',
        addresses[0] as string,
        '--out',
        out,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = await once(child, 'exit');
    expect(code, stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`address: ${addresses[0]}`);
  }, 30_000);

  it('says in one line when the mock cannot be reached', async () => {
    await expect(
      exportWorld('http://127.0.0.1:9', ['SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7']),
    ).rejects.toThrow(/^cannot reach http:\/\/127\.0\.0\.1:9: /);
  });
});
