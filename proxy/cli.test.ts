import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

function run(args: string[]): { child: ChildProcess; output: () => string } {
  // node itself, not the tsx wrapper: a signal must reach the proxy process, not a parent of it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/cli.ts', 'proxy', ...args], {
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

describe('npm run mock -- proxy', () => {
  it('starts, says where it listens and where the report goes, serves the summary, and stops on SIGTERM', async () => {
    const report = join(mkdtempSync(join(tmpdir(), 'proxy-cli-')), 'out', 'violations.jsonl');
    const { child, output } = run(['--upstream', 'http://127.0.0.1:9', '--port', '0', '--report', report]);
    const [, url] = await waitFor(output, /validating proxy on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(output()).toContain(report);
    const summary = (await (await fetch(`${url}/_proxy/report`)).json()) as {
      exchanges: number;
      file: string;
    };
    expect(summary).toMatchObject({ exchanges: 0, file: report });
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    [['--port', '1'], /^proxy: missing --upstream, --report; see proxy --help\n$/],
    [
      ['--upstream', 'ftp://x', '--port', '1', '--report', 'r'],
      /^proxy: --upstream ftp:\/\/x: use http:\/\/ or https:\/\/; see proxy --help\n$/,
    ],
    [
      ['--upstream', 'http://x', '--port', '70000', '--report', 'r'],
      /^proxy: --port 70000: a port number from 0 to 65535; see proxy --help\n$/,
    ],
    [
      ['--upstream', 'http://x', '--port', '1', '--report', 'r', '--bogus'],
      /^proxy: Unknown option '--bogus'.*; see proxy --help\n$/,
    ],
  ])('refuses %j in one line and exits 2', async (args, message) => {
    const { child, output } = run(args);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toMatch(message);
  });
});
