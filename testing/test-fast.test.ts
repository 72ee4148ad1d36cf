import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../contract-tests/config.ts';
import { SLOW_TEST_FILES } from './slow-tests.ts';

/** The files `npx vitest list` finds in the unit projects, with or without TEST_FAST=1 (make test-fast). */
async function listed(fast: boolean): Promise<string[]> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|TINYPOOL|TEST_FAST)/.test(name)),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'list',
      '--filesOnly',
      '--project',
      'unit',
      '--project',
      'unit-isolated',
    ],
    { cwd: ROOT, env: { ...env, ...(fast ? { TEST_FAST: '1' } : {}) }, maxBuffer: 16 * 1024 * 1024 },
  );
  // Sorted: vitest lists the files in the order its glob found them, which varies.
  return stdout
    .split('\n')
    .map((line) => line.replace(/^\[[\w-]+\] /, '').trim())
    .filter(Boolean)
    .sort();
}

/** What make test-fast leaves out: the listed files and every browser test. */
function slow(file: string): boolean {
  return SLOW_TEST_FILES.includes(file) || file.endsWith('.browser.test.ts');
}

describe('make test-fast', () => {
  it('leaves out the packaging test, the browser tests, the wallet page and the costliest unit files, and keeps the others', async () => {
    const [fast, all] = await Promise.all([listed(true), listed(false)]);
    expect(all.filter(slow).length).toBeGreaterThanOrEqual(20);
    expect(fast.filter(slow)).toEqual([]);
    expect(fast).toEqual(all.filter((f) => !slow(f)));
  });
});
