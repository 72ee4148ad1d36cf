import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMockServer, type ServerDoor } from '../../mocks/server.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import { buildMockTarget } from '../../fixtures/targets/mock-default-target.ts';
import { ROOT } from '../config.ts';
import { httpTransport } from '../http/transport.ts';
import { readMockWorld } from '../targets/probe.ts';
import { CHILD_MARK, suitePool, type SuitePool, type SuiteRun } from './run-suite.ts';

const WORLDS = ['wallet.yaml', 'token-launch.yaml', 'stacking.yaml', 'release-9.yaml'];
const DEFAULT_TARGET = join(ROOT, 'fixtures', 'targets', 'mock-default.json');

/**
 * The default target file with the world's declared accounts added to the addresses whose whole
 * history the suite walks (their balances must equal the sum of their transfers), and the
 * stacking world's own locked and vesting accounts.
 */
function targetFor(mock: Mock<ServerDoor>, dir: string, name: string): string {
  const target = JSON.parse(readFileSync(DEFAULT_TARGET, 'utf8'));
  const declared = mock.live.queries.catalogue().declared.accounts;
  const byName = Object.fromEntries(declared.map((a) => [a.name, a.address]));
  target.name = `mock-default-${name.replace(/\.yaml$/, '')}`;
  target.addresses.fullHistory = [...target.addresses.fullHistory, ...declared.map((a) => a.address)];
  if (byName.stacker) target.addresses.locked_stx = byName.stacker;
  if (byName.investor) target.addresses.vesting = byName.investor;
  target.$schema = join(ROOT, 'fixtures', 'targets', 'schema.json');
  const path = join(dir, `${name}.target.json`);
  writeFileSync(path, JSON.stringify(target));
  return path;
}

// A world file keeps the seed's background chain (its ids, addresses, blocks), so the default
// target file still describes it; the declared accounts come on top.
describe.skipIf(process.env[CHILD_MARK] === '1')('the contract suite against each example world', () => {
  const mocks: Mock<ServerDoor>[] = [];
  const runs = new Map<string, Promise<SuiteRun>>();
  const dir = mkdtempSync(join(tmpdir(), 'world-targets-'));
  let pool: SuitePool | undefined;

  beforeAll(async () => {
    // One child for the four runs, one after the other: the self-test's children run beside it.
    // Started first, its vitest starts while the worlds are built.
    pool = suitePool(1);
    for (const name of WORLDS) {
      const world = join(ROOT, 'fixtures', 'worlds', name);
      const mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, rateLimitKey: 0, world });
      mocks.push(mock);
      // The world's Clarity engine warmed before its run (the contract routes wait for it): on a
      // busy machine a replay started by the suite's first contract read outlasted its timeout.
      // The next world is built and warmed while this one's run goes on.
      await mock.live.queries.clarity.ready();
      runs.set(name, pool.run({ baseUrl: mock.url, target: targetFor(mock, dir, name) }));
    }
  });

  afterAll(async () => {
    await Promise.allSettled([...runs.values()]);
    // The child's own end awaited too: none outlives this file.
    await pool?.close();
    await Promise.all(mocks.map((m) => m.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  test.each(WORLDS)('%s passes every test', async (name) => {
    const run = await (runs.get(name) as Promise<SuiteRun>);
    expect(run.errors).toEqual([]);
    expect(run.tests.length, 'tests run').toBeGreaterThan(100);
    expect(run.failed.map((t) => `${t.name}\n${t.message.split('\n').slice(0, 4).join('\n')}`)).toEqual([]);
  });

  // Asked of the wallet world's mock above: a mock of its own built the same world again.
  test('a target built from the /_mock/world of a world-file mock walks the declared accounts’ whole histories', async () => {
    const mock = mocks[WORLDS.indexOf('wallet.yaml')] as Mock<ServerDoor>;
    const world = await readMockWorld(httpTransport(mock.url), 5_000);
    const declared = mock.live.queries.catalogue().declared.accounts.map((a) => a.address);
    expect(world?.declared).toEqual(declared);
    const target = buildMockTarget(world as NonNullable<typeof world>, {
      name: 'wallet',
      description: 'test',
      auth: { keyRequired: false, invalidKeyRejected: false },
    });
    expect(target.addresses?.fullHistory).toEqual(expect.arrayContaining(declared));
  });
});
