import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stacksApiMiddleware, type StacksApiMiddleware } from '../../api/middleware.ts';
import { engineWarmed } from '../../testing/http/engine-warmed.ts';
import { CHILD_MARK, suitePool, type SuitePool, type SuiteRun } from './run-suite.ts';

// The door for Express apps (api/middleware.ts), end to end: the mock mounted at /api inside an
// Express 5 app passes the contract suite pointed at that prefix, as the mock's own server does,
// its live updates' channels on the app's server under the same prefix.
describe.skipIf(process.env[CHILD_MARK] === '1')('an Express 5 app with the mock at /api', () => {
  let mw: StacksApiMiddleware;
  let server: Server;
  let run: Promise<SuiteRun>;
  let live: { close(): Promise<void> };
  let pool: SuitePool | undefined;

  beforeAll(async () => {
    // Started first, the suite's child starts its vitest while the app and its engine start.
    pool = suitePool(1);
    mw = stacksApiMiddleware({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
    const app = express();
    app.disable('x-powered-by');
    app.use('/api', mw);
    app.get('/', (_req, res) => void res.send('the app’s own page'));
    server = app.listen(0, '127.0.0.1');
    live = mw.serveLive(server, '/api');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // The Clarity engine warmed first, as for the self-test's other runs: at load 14 a call-read
    // waited for its replay past the suite's 15 s timeout.
    await engineWarmed(`http://127.0.0.1:${port}/api`);
    run = pool.run({ baseUrl: `http://127.0.0.1:${port}/api`, explore: 0 });
  });

  afterAll(async () => {
    await run.catch(() => undefined);
    // The child's own end awaited too: none outlives this file.
    await pool?.close();
    await mw.close();
    await live.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  test('passes every test of the contract suite', async () => {
    const result = await run;
    const failures = [...result.errors, ...result.failed.map((t) => `${t.name}\n${t.message.slice(0, 400)}`)];
    expect(failures).toEqual([]);
    expect(result.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(100);
  });
});
