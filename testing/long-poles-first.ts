import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take minutes in a full run, longest first. vitest's own order on a fresh
 * clone (no durations cached, as in CI) is by project name, then by size: the packaging test
 * started after the self-test's files and ran alone for its last minutes while the other core
 * stood idle. Started first, each long pole overlaps the many short files.
 */
export const LONG_POLES = [
  'packaging/package.test.ts',
  'contract-tests/self-test/self-test.test.ts',
  'contract-tests/self-test/world-files.test.ts',
];

/** vitest's order, but within each group the long poles first. */
export class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = LONG_POLES.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? LONG_POLES.length : at;
    };
    const group = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
