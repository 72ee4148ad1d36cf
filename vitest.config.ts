import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { contractProjectSettings } from './contract-tests/project.ts';
import { LongestFirst } from './testing/longest-first.ts';
import { SLOW_TEST_FILES } from './testing/slow-tests.ts';

// Four projects: `unit` (spec, mock, lint, bench helpers) and `unit-isolated` (those that replace
// a module), `contract` (the contract suite, which targets the in-process mock unless BASE_URL is
// set) and `contract-self-test` (the suite run against broken mocks, and its own machinery).
// `make test` runs them all.

/** Loaded before every test file but the contract suite's: byte arrays compare as bytes. */
const SETUP = ['./testing/compare-bytes.ts'];

/**
 * Unit tests that replace a module with vi.mock, patch a global another file's MSW server also
 * patches (the in-process WebSocket: in the shared graph its block never arrived), or set what
 * the process's engines do from then on.
 */
const ISOLATED = [
  'mocks/reliability/key-comparison.test.ts',
  'mocks/http/next-release.test.ts',
  'msw/live-updates.test.ts',
  'mocks/operations/contract-routes-no-engine.test.ts',
  'mocks/world-files/own-contracts-no-engine.test.ts',
  'mocks/clarity/node/thread-priority.test.ts',
  'mocks/serialize/raw-tx.test.ts',
];

/**
 * `make test-fast` leaves these out. Here, not on vitest's command line: its `--exclude` does not
 * reach a project's own exclude list, and the files ran.
 */
const SLOW_TESTS = [...SLOW_TEST_FILES, '**/*.browser.test.ts'];
const FAST = process.env.TEST_FAST === '1';

export default defineConfig({
  test: {
    // The contract reporter writes the coverage matrix, summary and JUnit XML of the contract
    // project to reports/; it stays silent when no contract test ran. The skip reporter names
    // what this machine could not run (no Chromium, no shared folder beside the clone) and why.
    reporters: ['default', './contract-tests/report/contract-reporter.ts', './testing/skip-reporter.ts'],
    // A worker per core, where vitest's default leaves one core free: most test files wait on
    // servers and child processes, so on 2 cores one worker left half the machine idle.
    maxWorkers: availableParallelism(),
    // Each project, and each of the self-test's children (contract-tests/self-test/), transforms
    // the files it imports: on disk (node_modules/.experimental-vitest-cache), a file shared by
    // several is transformed once a run, and an edit's next run transforms only what changed
    // (2026-12-02, one run from a clean cache: 16 s of transform against 22 to 26 s without).
    experimental: { fsModuleCache: true },
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'spec/**/*.test.ts',
            'mocks/**/*.test.ts',
            'proxy/**/*.test.ts',
            'fixtures/**/*.test.ts',
            'bench/**/*.test.ts',
            'api/**/*.test.ts',
            'msw/**/*.test.ts',
            'packaging/**/*.test.ts',
            'docs/**/*.test.ts',
            'differential/**/*.test.ts',
            'testing/**/*.test.ts',
            'bin/**/*.test.ts',
          ],
          // A test that replaces a module (vi.mock) needs a module graph of its own: it runs in
          // unit-isolated. The others share one per worker, which saves each file re-importing
          // the mock (about two thirds of the unit project's time went to imports).
          exclude: [...configDefaults.exclude, ...ISOLATED, ...(FAST ? SLOW_TESTS : [])],
          isolate: false,
          setupFiles: SETUP,
          testTimeout: 30_000,
        },
      },
      { test: { name: 'unit-isolated', include: ISOLATED, setupFiles: SETUP, testTimeout: 30_000 } },
      // After the others: its single worker cannot share a group with projects that run two.
      {
        test: {
          // The suite's in-process target is the mock, handed over here (bin/in-process-mock.ts).
          ...contractProjectSettings('ts', './bin/in-process-mock.ts'),
          sequence: { ...contractProjectSettings('ts').sequence, groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'contract-self-test',
          // One module graph per worker, as in `unit`: a process per file spent about a second of
          // CPU each loading the suite's modules again (25 small files: 45 → 24 s of CPU).
          isolate: false,
          include: ['contract-tests/**/*.test.ts'],
          exclude: ['contract-tests/**/*.contract.test.ts'],
          setupFiles: SETUP,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
