import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCommand } from '../spec/command-line/parse.ts';
import { httpClient } from '../spec/http/client.ts';
import { killCliProcesses, runCli, waitFor, type CliProcess } from '../testing/http/cli-process.ts';
import { PROXY_COMMAND } from './cli.ts';
import { tempDir } from '../testing/temp-dir.ts';

function run(args: string[]): Promise<CliProcess> {
  return runCli(['proxy', ...args]);
}

afterEach(killCliProcesses);

describe('npm run mock -- proxy', () => {
  const dir = tempDir('proxy-cli-');

  it('starts, says where it listens and where the report goes, serves the summary, and stops on SIGTERM', async () => {
    const report = join(dir, 'out', 'violations.jsonl');
    const { child, output } = await run([
      '--upstream',
      'http://127.0.0.1:9',
      '--port',
      '0',
      '--report',
      report,
    ]);
    const [, url] = await waitFor(output, /validating proxy on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(output()).toContain(report);
    const summary = (await httpClient(url as string, { keepAlive: false }).get('/_proxy/report')).body;
    expect(summary).toMatchObject({ exchanges: 0, file: report });
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('refuses a bad command line in one line and exits 2', async () => {
    const { child, output } = await run(['--port', '1']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toBe('proxy: missing --upstream, --report; see proxy --help\n');
  });

  // The same reader as the process above, in this one: each spawn costs seconds of CPU.
  it.each([
    [
      ['--upstream', 'ftp://x', '--port', '1', '--report', 'r'],
      'proxy: --upstream needs an http:// or https:// URL, got "ftp://x"; see proxy --help\n',
    ],
    [
      ['--upstream', 'http://x', '--port', '70000', '--report', 'r'],
      'proxy: --port needs an integer from 0 to 65535, got "70000"; see proxy --help\n',
    ],
    [
      ['--upstream', 'http://x', '--port', '1', '--report', 'r', '--bogus'],
      'proxy: unknown flag --bogus; see proxy --help\n',
    ],
  ])('refuses %j in one line, exit code 2', (args, line) => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(readCommand(PROXY_COMMAND, args, {})).toBe(2);
      expect(written.mock.calls.map(([text]) => text)).toEqual([line]);
    } finally {
      written.mockRestore();
    }
  });
});
