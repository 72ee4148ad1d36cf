/** What run-suite.ts hands its child (suite-runs-child.ts), and what the child sends back per run. */

export interface SuiteTest {
  /** `describe > … > test`. */
  name: string;
  /** The test file, relative to the project's root. */
  file: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
}

/** One run of the contract project, sent to the child over IPC. */
export interface ChildRun {
  id: number;
  /** The run's environment: BASE_URL, TARGET and the CONTRACT_* settings. */
  env: Record<string, string>;
  /** Only these test files (relative to the project's root); every file of the contract project when not set. */
  files?: string[];
}

/** A message to the child: a run to do next, or the end (no more runs: close vitest and exit). */
export type ChildMessage = { run: ChildRun } | { done: true };

/** What the child sends: that it is ready for its first run, then each run's result as it ends. */
export type ChildReply = { ready: true } | ChildResult;

export interface ChildResult {
  id: number;
  tests: SuiteTest[];
  /** Errors outside tests (a file that could not load, an unhandled error). */
  errors: string[];
}
