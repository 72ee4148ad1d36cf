import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../contract-tests/config.ts';

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

/** What make test-fast leaves out (vitest.config.ts's SLOW_TESTS): these files and every browser test. */
const SLOW_FILES = new Set([
  'packaging/package.test.ts',
  'msw/browser.test.ts',
  'docs/wallet-page.test.ts',
  'mocks/cli.test.ts',
  'proxy/cli.test.ts',
  'mocks/world/declared/cli-world.test.ts',
  'api/wallet-cli.test.ts',
  'spec/prism-smoke.test.ts',
  'spec/prism/start-prism.test.ts',
  'spec/types.test.ts',
  'spec/drift/published-drift.test.ts',
  'mocks/reliability/fault-injection.test.ts',
  'testing/test-fast.test.ts',
  'spec/lint/house-rules.test.ts',
  'mocks/reliability/fuzz.test.ts',
  'spec/drift/client-drift.test.ts',
  'msw/suite-parity.test.ts',
  'differential/golden.test.ts',
]);

function slow(file: string): boolean {
  return SLOW_FILES.has(file) || file.endsWith('.browser.test.ts');
}

describe('make test-fast', () => {
  it('leaves out the packaging test, the browser tests, the wallet page and the costliest unit files, and keeps the others', async () => {
    const [fast, all] = await Promise.all([listed(true), listed(false)]);
    expect(all.filter(slow).length).toBeGreaterThanOrEqual(20);
    expect(fast.filter(slow)).toEqual([]);
    expect(fast).toEqual(all.filter((f) => !slow(f)));
  });
});
