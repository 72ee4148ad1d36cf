import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files whose runs last longest, longest first (their wall time alone on a quiet 2-core
 * machine): each waits on children of its own (npm installs and the installed bins, suite runs
 * against broken mocks and example worlds) for minutes while the rest of the run shares the
 * cores. Started last, one of them is the run's tail; started first, it overlaps everything else.
 */
export const LONGEST_FILES: readonly string[] = [
  'packaging/package.test.ts',
  'contract-tests/self-test/self-test.test.ts',
  'contract-tests/self-test/world-files.test.ts',
];

/**
 * `make test`'s order: `LONGEST_FILES` first, whatever their project, then vitest's own order
 * (failed first, then the longest by the last run's durations, or the largest files on a clone
 * that has none).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = LONGEST_FILES.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? LONGEST_FILES.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
