import { defineConfig } from 'vitest/config';

// Two projects: `unit` (spec, mock, lint, bench helpers) and `contract` (the contract suite,
// which targets the in-process mock unless BASE_URL is set). `make test` runs both.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['spec/**/*.test.ts', 'mocks/**/*.test.ts', 'fixtures/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['contract-tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
