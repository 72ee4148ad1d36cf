import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stacksApiMiddleware } from '../../api/middleware.ts';
import { startMockServer, type ServerDoor } from '../../mocks/server.ts';
import { engineWarmed } from '../../testing/http/engine-warmed.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import { buildMockTarget } from '../../fixtures/targets/mock-default-target.ts';
import { ROOT } from '../config.ts';
import { httpTransport } from '../http/transport.ts';
import { readMockWorld } from '../targets/probe.ts';
import { CHILD_MARK, suitePool, type SuitePool, type SuiteRun } from './run-suite.ts';

const WORLDS = ['wallet.yaml', 'token-launch.yaml', 'stacking.yaml', 'release-9.yaml'];
/** The run against the Express door, beside the worlds' runs. */
const EXPRESS = 'express';
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

/**
 * The door for Express apps (api/middleware.ts): the mock mounted at /api inside an Express 5 app,
 * its live updates' channels on the app's server under the same prefix; its Clarity engine warm.
 * `onClose` gets what stops it as soon as it is started, before the engine's warm-up.
 */
async function expressDoor(onClose: (close: () => Promise<void>) => void): Promise<string> {
  const mw = stacksApiMiddleware({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
  const app = express();
  app.disable('x-powered-by');
  app.use('/api', mw);
  app.get('/', (_req, res) => void res.send('the app’s own page'));
  const server: Server = app.listen(0, '127.0.0.1');
  const live = mw.serveLive(server, '/api');
  onClose(async () => {
    await mw.close();
    await live.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api`;
  // The Clarity engine warmed first, as for the worlds: at load 14 a call-read waited for its
  // replay past the suite's 15 s timeout.
  await engineWarmed(url);
  return url;
}

// The suite over HTTP against each example world, and against the mock inside an Express app, in
// one child, run after run: the self-test's children run beside it, and one child's start (its
// vitest and the suite's modules) serves the five runs. Each run is queued as its mock is warm,
// and the next mock is built while it runs (the child starts with the first run, as the second
// world is built).
describe.skipIf(process.env[CHILD_MARK] === '1')('the contract suite over HTTP, in one child', () => {
  const mocks: Mock<ServerDoor>[] = [];
  const runs = new Map<string, Promise<SuiteRun>>();
  const closers: Array<() => Promise<void>> = [];
  const dir = mkdtempSync(join(tmpdir(), 'world-targets-'));
  let pool: SuitePool | undefined;

  beforeAll(async () => {
    pool = suitePool(1);
    for (const name of WORLDS) {
      const world = join(ROOT, 'fixtures', 'worlds', name);
      const mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, rateLimitKey: 0, world });
      mocks.push(mock);
      closers.push(() => mock.close());
      // The world's Clarity engine warmed before its run (the contract routes wait for it): on a
      // busy machine a replay started by the suite's first contract read outlasted its timeout.
      await mock.live.queries.clarity.ready();
      runs.set(name, pool.run({ baseUrl: mock.url, target: targetFor(mock, dir, name) }));
    }
    const door = await expressDoor((close) => closers.push(close));
    runs.set(EXPRESS, pool.run({ baseUrl: door, explore: 0 }));
  });

  afterAll(async () => {
    await Promise.allSettled([...runs.values()]);
    // The child's own end awaited too: none outlives this file.
    await pool?.close();
    await Promise.all(closers.map((close) => close()));
    rmSync(dir, { recursive: true, force: true });
  });

  // A world file keeps the seed's background chain (its ids, addresses, blocks), so the default
  // target file still describes it; the declared accounts come on top.
  describe('against each example world', () => {
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

  describe('against an Express 5 app with the mock at /api', () => {
    test('passes every test of the contract suite', async () => {
      const result = await (runs.get(EXPRESS) as Promise<SuiteRun>);
      const failures = [
        ...result.errors,
        ...result.failed.map((t) => `${t.name}\n${t.message.slice(0, 400)}`),
      ];
      expect(failures).toEqual([]);
      expect(result.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(100);
    });
  });
});
