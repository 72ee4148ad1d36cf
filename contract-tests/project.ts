import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The contract project's name; the contract reporter reports on this project's runs only. */
export const CONTRACT_PROJECT = 'contract';

/** The fixed cases first, in vitest's order, then the exploration, which draws on what they found. */
export class ExplorationLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification): number => (f.moduleId.includes('/explore/') ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

/**
 * The contract project's vitest settings, shared by vitest.config.ts (sources, `ts`) and the
 * installed package's `stacks-api-contract` (compiled, `js`). `inProcessMock` is the file that
 * hands the suite its in-process mock (contract-tests/in-process.ts), named by whoever runs it.
 */
export function contractProjectSettings(ext: 'ts' | 'js', inProcessMock?: string) {
  const provider = inProcessMock ? [inProcessMock] : [];
  return {
    name: CONTRACT_PROJECT,
    include: [`contract-tests/**/*.contract.test.${ext}`],
    // One worker whose test files share module state: one client-side limiter and one
    // request budget cover the whole run against a live target.
    fileParallelism: false,
    isolate: false,
    setupFiles: [...provider, `./contract-tests/setup/track-current-test.${ext}`],
    globalSetup: [...provider, `./contract-tests/setup/global-setup.${ext}`],
    sequence: { sequencer: ExplorationLast },
    // Against a live target a test may wait for the client-side limiter (50 a minute).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  };
}
