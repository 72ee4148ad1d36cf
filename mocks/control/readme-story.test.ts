import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMock } from '../server.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const story = /The story a wallet test tells[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
const printed = /It prints, with the default seed:\n\n```text\n([\s\S]*?)```/.exec(README)?.[1] ?? '';

/** The README's living-chain story, run as written against a default mock on a free port. */
describe('the README’s curl story: submit → pending → mine → confirmed → reorg → reset', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0 });
  });
  afterAll(() => mock.close());

  it('is in the README, with what it prints', () => {
    expect(story).toMatch(/_mock\/transactions[\s\S]*_mock\/mine[\s\S]*_mock\/reorg[\s\S]*_mock\/reset/);
    expect(printed.split('\n').length).toBeGreaterThan(8);
  });

  it('prints exactly what the README says it prints', async () => {
    const script = story.replaceAll('http://127.0.0.1:3999', mock.url);
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script], { timeout: 60_000 });
    expect(stdout.trim().split('\n')).toEqual(printed.trim().split('\n'));
  });
});
