import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreamCommand } from './event-stream-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'event-stream-'));
let stderr: string[];

beforeEach(() => {
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run mock -- event-stream', () => {
  it('writes the world of the flags as TSV lines and says what it wrote', async () => {
    const out = join(dir, 'chain.tsv');
    expect(
      await eventStreamCommand(['--blocks', '60', '--seed', '3', '--network', 'testnet', '--out', out]),
    ).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines.filter((l) => l.split('\t')[2] === '/new_block')).toHaveLength(60);
    expect(lines.every((l) => l.split('\t').length === 4)).toBe(true);
    expect(stderr.join('')).toMatch(
      /^event-stream: wrote .*chain\.tsv \(\d+ \/new_burn_block, 60 \/new_block/,
    );
  });

  it('refuses bad usage with one line and the usage (exit 2)', async () => {
    expect(await eventStreamCommand(['--blocks', '60'])).toBe(2);
    expect(stderr.join('')).toMatch(/^event-stream needs --out FILE\n\nUsage:/);
    stderr = [];
    expect(await eventStreamCommand(['--out', join(dir, 'x.tsv'), '--seed', '-1'])).toBe(2);
    expect(stderr.join('')).toMatch(/^--seed needs a non-negative integer, got "-1"/);
    stderr = [];
    expect(await eventStreamCommand(['--out', join(dir, 'x.tsv'), '--port', '1'])).toBe(2);
    expect(stderr.join('')).toMatch(/^unknown flag --port: event-stream takes --out and the world flags/);
  });

  it('names each problem of a world file, and a file it cannot write (exit 1)', async () => {
    const world = join(dir, 'bad.yaml');
    writeFileSync(world, 'accounts:\n  alice: { stx: "x" }\n');
    expect(await eventStreamCommand(['--world', world, '--out', join(dir, 'w.tsv')])).toBe(1);
    expect(stderr.join('')).toMatch(/^event-stream: the world file has problems:\n.*bad\.yaml: line 2: /);
    stderr = [];
    expect(await eventStreamCommand(['--blocks', '60', '--out', join(dir, 'missing', 'x.tsv')])).toBe(1);
    expect(stderr.join('')).toMatch(/^event-stream: cannot write .*missing\/x\.tsv: ENOENT/);
  });
});
