// The mock handed to the contract suite for its in-process target: vitest.config.ts and the
// stacks-api-contract bin name this file among the suite's setup files (and global setup, where
// the preflight builds a mock world's target file), so the suite itself never imports the mock.
import { provideInProcessMock, type InProcessMock } from '../contract-tests/in-process.ts';
import { buildMockTarget } from '../fixtures/targets/mock-default-target.ts';
import { createMockApp } from '../mocks/app.ts';

const mock: InProcessMock = {
  listener: (options) => createMockApp({ ...options, quiet: true }),
  targetOf: buildMockTarget,
};
provideInProcessMock(mock);

/** As a global setup file: the main process, where the preflight runs, gets the mock too. */
export function setup(): void {
  provideInProcessMock(mock);
}
