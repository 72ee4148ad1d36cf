import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LONG_POLES, LongPolesFirst } from './long-poles-first.ts';

const ROOT = '/repo';

/** A test file as the sequencer sees it: its path, its project's name and group, its size. */
function spec(path: string, project: string, groupOrder = 0): TestSpecification {
  return {
    moduleId: `${ROOT}/${path}`,
    project: { name: project, config: { root: ROOT, isolate: true, sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

/** No durations cached (a fresh clone): vitest orders by project, then by size. */
function sequencer(sizes: Record<string, number>): LongPolesFirst {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes[key.slice(key.indexOf(':') + 1)] ?? 1 }),
    },
  };
  return new LongPolesFirst(ctx as unknown as Vitest);
}

describe('the long poles first', () => {
  it('starts the known long files first within their group, in the order listed, and keeps the groups and the rest in vitest’s order', async () => {
    const [packaging, selfTest, worldFiles] = LONG_POLES as [string, string, string];
    const files = [
      spec('contract-tests/cross/a.contract.test.ts', 'contract', 1),
      spec('contract-tests/self-test/variants.test.ts', 'contract-self-test'),
      spec(worldFiles, 'contract-self-test'),
      spec(selfTest, 'contract-self-test'),
      spec('spec/big.test.ts', 'unit'),
      spec(packaging, 'unit'),
    ];
    const order = await sequencer({ 'spec/big.test.ts': 100, [packaging]: 10 }).sort(files);
    expect(order.map((s) => s.moduleId.slice(ROOT.length + 1))).toEqual([
      packaging,
      selfTest,
      worldFiles,
      'contract-tests/self-test/variants.test.ts',
      'spec/big.test.ts',
      'contract-tests/cross/a.contract.test.ts',
    ]);
  });
});
