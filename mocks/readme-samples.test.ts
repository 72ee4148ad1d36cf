import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMockApp } from './app.ts';
import { startMockServer } from './server.ts';
import { parseCli } from './cli-args.ts';
import { specCheckedClient } from '../testing/http/spec-checked-client.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const samples = [...README.matchAll(/^curl '?http:\/\/127\.0\.0\.1:3999([^' \n]+)'?$/gm)].map(
  (m) => m[1] as string,
);

/** The README's sample requests name entities of the default world; they must keep answering. */
describe('the README’s sample requests against the default mock', () => {
  const get = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0 }));

  it('has samples for every operation', () => {
    expect(samples.length).toBeGreaterThanOrEqual(8);
  });

  it.each(samples)('GET %s answers 200', async (path) => {
    expect((await get(path)).status).toBe(200);
  });
});

/** The README's block of sample requests, as written. */
const sampleBlock =
  /^```sh\n(curl http:\/\/127\.0\.0\.1:3999\/extended\n[\s\S]*?)^```$/m.exec(README)?.[1] ?? '';

describe('the README’s sample requests, pasted into a shell (bash, no terminal) against a mock on a free port', () => {
  it('each prints the JSON answer, none an error: the quoting holds (a bare & would cut a query)', async () => {
    const lines = sampleBlock.trim().split('\n');
    expect(lines.length).toBe(samples.length);
    const mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0 });
    try {
      for (const line of lines) {
        const command = line.replaceAll('http://127.0.0.1:3999', mock.url);
        const { stdout } = await promisify(execFile)('bash', ['-c', command], { timeout: 30_000 });
        const body = JSON.parse(stdout) as Record<string, unknown>;
        expect(body, line).not.toHaveProperty('error');
      }
    } finally {
      await mock.close();
    }
  }, 120_000);
});

/** `npx stacks-api-mock <flags>` lines, each with the `curl -i` samples that follow it. */
const started = [...README.matchAll(/^npx stacks-api-mock ((?:--[a-z-]+ \S+ ?)+)\s*#.*$/gm)].map((m) => ({
  flags: (m[1] as string).trim().split(' '),
  gone: [
    ...README.slice((m.index ?? 0) + m[0].length).matchAll(
      /^curl -i http:\/\/127\.0\.0\.1:3999(\S+)\s.*# 410/gm,
    ),
  ]
    .map((c) => c[1] as string)
    .slice(0, 1),
}));

describe('the README’s releases and sunset samples', () => {
  it('choose a release and rehearse the sunset', () => {
    expect(started.map((s) => s.flags.join(' '))).toEqual(
      expect.arrayContaining(['--api-version 8.11.6', '--deprecated gone']),
    );
  });

  it.each(started)('npx stacks-api-mock $flags answers as it says', async ({ flags, gone }) => {
    const options = parseCli(flags, {});
    if (options === 'help') throw new Error('the sample asks for help');
    const get = specCheckedClient(createMockApp({ ...options, quiet: true, rateLimit: 0 }));
    const status = await get('/extended');
    expect(status.body.server_version).toContain(`v${options.apiVersion} `);
    // specCheckedClient holds the 410 to the spec's documented one.
    if (options.deprecated !== 'gone') return;
    expect(gone).toHaveLength(1);
    expect((await get(gone[0] as string)).status).toBe(410);
  });
});
