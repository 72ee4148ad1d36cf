import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endBench, endBenchReport, runBench } from './results.ts';

let dir: string;
let exitCode: typeof process.exitCode;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
  exitCode = process.exitCode;
  process.exitCode = undefined;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  process.exitCode = exitCode;
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe("a bench's ending", () => {
  it('writes the report where it says, into a folder it creates, and leaves the exit code alone when every ceiling held', () => {
    const path = endBench('x.md', '# X\n\nCeilings met.\n', false, join(dir, 'results'));
    expect(path).toBe(join(dir, 'results', 'x.md'));
    expect(readFileSync(path, 'utf8')).toBe('# X\n\nCeilings met.\n');
    expect(console.log).toHaveBeenCalledWith(`\nwritten to ${path}`);
    expect(process.exitCode).toBeUndefined();
  });

  it('still writes the report, and fails the run, when a ceiling was missed', () => {
    const path = endBench('x.md', 'Ceilings missed.\n', true, dir);
    expect(readFileSync(path, 'utf8')).toBe('Ceilings missed.\n');
    expect(process.exitCode).toBe(1);
  });

  it('lays a report out as every bench does: title, header, table, notes, verdict, the table and verdict printed too', () => {
    const report = { title: 'T', header: ['machine', 'method'], table: '| a |', verdict: 'Ceilings met.' };
    const plain = endBenchReport('t.md', report, false, dir);
    expect(readFileSync(plain, 'utf8')).toBe('# T\n\nmachine\nmethod\n\n| a |\n\nCeilings met.\n');
    expect(console.log).toHaveBeenCalledWith('\n| a |\n\nCeilings met.');
    const noted = endBenchReport('n.md', { ...report, notes: ['- one', '- two'] }, true, dir);
    expect(readFileSync(noted, 'utf8')).toBe(
      '# T\n\nmachine\nmethod\n\n| a |\n\n- one\n- two\n\nCeilings met.\n',
    );
    expect(process.exitCode).toBe(1);
  });

  it('turns a thrown error, sync or async, into one line naming the bench and a failing exit code', async () => {
    await runBench(() => {
      throw new Error('no tarball');
    }, 'soak');
    expect(console.error).toHaveBeenCalledWith('soak failed: no tarball');
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    await runBench(() => Promise.reject(new Error('port taken')));
    expect(console.error).toHaveBeenCalledWith('bench failed: port taken');
    expect(process.exitCode).toBe(1);
  });

  it('leaves the exit code alone when the bench ends well', async () => {
    let ran = false;
    await runBench(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(process.exitCode).toBeUndefined();
  });
});
