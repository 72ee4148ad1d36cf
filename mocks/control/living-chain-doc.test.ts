import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';

const DOC = readFileSync(new URL('../../docs/living-chain.md', import.meta.url), 'utf8');
const story = /The story a wallet test tells[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';
const printed = /It prints, with the default seed:\n\n```text\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';

/** The living-chain story of docs/living-chain.md, run as written against a default mock on a free port. */
describe('docs/living-chain.md’s curl story: submit → pending → mine → confirmed → reorg → reset', () => {
  let mock: Mock<ServerDoor>;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0 });
  });
  afterAll(() => mock.close());

  it('is in docs/living-chain.md, with what it prints', () => {
    expect(story).toMatch(/_mock\/transactions[\s\S]*_mock\/mine[\s\S]*_mock\/reorg[\s\S]*_mock\/reset/);
    expect(printed.split('\n').length).toBeGreaterThan(8);
  });

  it('prints exactly what docs/living-chain.md says it prints', async () => {
    const script = story.replaceAll('http://127.0.0.1:3999', mock.url);
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script], { timeout: 60_000 });
    expect(stdout.trim().split('\n')).toEqual(printed.trim().split('\n'));
  });
});
