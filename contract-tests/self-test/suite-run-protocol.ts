/** What run-suite.ts hands its child (suite-runs-child.ts), and what the child sends back per run. */

export interface SuiteTest {
  /** `describe > … > test`. */
  name: string;
  /** The test file, relative to the project's root. */
  file: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
}

export interface ChildRequest {
  runs: Array<{
    id: number;
    /** The run's environment: BASE_URL, TARGET and the CONTRACT_* settings. */
    env: Record<string, string>;
    /** Only these test files (relative to the project's root); every file of the contract project when not set. */
    files?: string[];
  }>;
  /** Where vitest keeps its transformed modules (fsModuleCache), shared with other children. */
  moduleCache?: string;
}

export interface ChildResult {
  id: number;
  tests: SuiteTest[];
  /** Errors outside tests (a file that could not load, an unhandled error). */
  errors: string[];
}
