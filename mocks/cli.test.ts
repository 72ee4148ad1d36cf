import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

function run(args: string[]): { child: ChildProcess; output: () => string } {
  // node itself, not the tsx wrapper: a signal must reach the server process, not a parent of it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return { child, output: () => text };
}

async function waitFor(output: () => string, pattern: RegExp, ms = 20_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}; output so far:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('make mock / npm run mock', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'starts, prints where it listens and what to try, serves, and stops cleanly on %s',
    async (signal) => {
      const { child, output } = run(['--port', '0', '--seed', '3', '--blocks', '60']);
      const [, url] = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await waitFor(output, /Entities:[\s\S]*tenure_change/);
      expect(output()).toMatch(/seed 3, 60 blocks/);
      const status = await fetch(`${url}/extended`);
      expect(status.status).toBe(200);
      expect(((await status.json()) as { status: string }).status).toBe('ready');
      await waitFor(output, /GET \/extended 200 \d+\.\dms/);
      child.kill(signal);
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain(`${signal}: shutting down`);
    },
  );

  it('refuses a bad flag with one line pointing to --help (not the whole help) and exit code 2', async () => {
    const { child, output } = run(['--rate-limit', 'lots']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toBe('--rate-limit needs a non-negative integer, got "lots"; see --help\n');
  });

  it('says clearly when the port is taken', async () => {
    const first = run(['--port', '0', '--quiet', '--blocks', '60']);
    const [, port] = await waitFor(first.output, /listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const second = run(['--port', String(port), '--quiet', '--blocks', '60']);
    const [code] = await once(second.child, 'exit');
    expect(code).toBe(1);
    expect(second.output()).toMatch(new RegExp(`port ${port} is in use`));
  });
});
