import { defineConfig } from 'vitest/config';
import { contractProjectSettings } from './contract-tests/project.ts';

// Three projects: `unit` (spec, mock, lint, bench helpers), `contract` (the contract suite, which
// targets the in-process mock unless BASE_URL is set) and `contract-self-test` (the suite run
// against broken mocks, and its own machinery). `make test` runs all three.
export default defineConfig({
  test: {
    // The contract reporter writes the coverage matrix, summary and JUnit XML of the contract
    // project to reports/; it stays silent when no contract test ran.
    reporters: ['default', './contract-tests/report/contract-reporter.ts'],
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
            'packaging/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      { test: contractProjectSettings('ts') },
      {
        test: {
          name: 'contract-self-test',
          include: ['contract-tests/**/*.test.ts'],
          exclude: ['contract-tests/**/*.contract.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
