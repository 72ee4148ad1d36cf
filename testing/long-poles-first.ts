import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { ExplorationLast } from '../contract-tests/project.ts';

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

/**
 * vitest's order (the contract suite's exploration last, as its own runs order it), but within
 * each group the long poles first. A project's own sequencer is not consulted in a run of several
 * projects: the run's is.
 */
export class LongPolesFirst extends ExplorationLast {
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
