import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import { killCliProcesses, runCli, waitFor } from '../testing/http/cli-process.ts';

afterEach(killCliProcesses);

describe('make mock / npm run mock', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'starts, prints where it listens and what to try, serves, and stops cleanly on %s',
    async (signal) => {
      const { child, output } = await runCli(['--port', '0', '--seed', '3', '--blocks', '60']);
      const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await waitFor(output, /Entities:[\s\S]*tenure_change/);
      expect(output()).toMatch(/seed 3, 60 blocks/);
      const status = await httpClient(url as string, { keepAlive: false }).get('/extended');
      expect(status.status).toBe(200);
      expect(status.body.status).toBe('ready');
      await waitFor(output, /GET \/extended 200 \d+\.\dms/);
      child.kill(signal);
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain(`${signal}: shutting down`);
    },
  );

  // One bad flag end to end (cli-args.test.ts reads every other in this process: a spawn costs
  // seconds of CPU).
  it('refuses a bad flag with one line pointing to --help (not the whole help) and exit code 2', async () => {
    const { child, output } = await runCli(['--port', '99999']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toBe('--port needs an integer from 0 to 65535, got "99999"; see --help\n');
  });

  // The port held by a plain server of this process: what holds it is not the claim, and a first
  // mock CLI cost a spawn (seconds of CPU) and a world.
  it('says clearly when the port is taken', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const second = await runCli(['--port', String(port), '--quiet', '--blocks', '60']);
      const [code] = await once(second.child, 'exit');
      expect(code).toBe(1);
      expect(second.output()).toMatch(new RegExp(`port ${port} is in use`));
    } finally {
      holder.close();
    }
  });
});
