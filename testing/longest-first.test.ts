import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { ROOT } from '../contract-tests/config.ts';
import { LONGEST_FILES, LongestFirst } from './longest-first.ts';

/** A file of a project, as the sequencer sees it. */
function spec(project: string, file: string, groupOrder = 0): TestSpecification {
  return {
    moduleId: join(ROOT, file),
    project: { name: project, config: { root: ROOT, sequence: { groupOrder }, isolate: false } },
  } as unknown as TestSpecification;
}

/** vitest's context on a clone with no cached results: its own order is then by file size, unknown files first. */
const NO_CACHE = {
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  config: { root: ROOT },
} as unknown as Vitest;

describe('make test’s order', () => {
  it('names files that exist', () => {
    for (const file of LONGEST_FILES) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('starts the longest files first, in their order, whatever their project; the others keep vitest’s order and groups', async () => {
    const files = [
      spec('contract', 'contract-tests/cross/balances.contract.test.ts', 1),
      spec('contract-self-test', 'contract-tests/self-test/variants.test.ts'),
      spec('contract-self-test', 'contract-tests/self-test/world-files.test.ts'),
      spec('unit', 'mocks/layers.test.ts'),
      spec('unit', 'packaging/package.test.ts'),
      spec('contract-self-test', 'contract-tests/self-test/self-test.test.ts'),
    ];
    const sorted = await new LongestFirst(NO_CACHE).sort(files);
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length).replace(/^\//, ''))).toEqual([
      ...LONGEST_FILES,
      'contract-tests/self-test/variants.test.ts',
      'mocks/layers.test.ts',
      'contract-tests/cross/balances.contract.test.ts',
    ]);
  });
});
