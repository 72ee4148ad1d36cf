import type { TestRef } from './records.ts';

// On globalThis so every test file of the single worker sees the same value.
const KEY = Symbol.for('contract-tests.current-test');
const SKIP = Symbol.for('contract-tests.current-test-skip');
const store = globalThis as typeof globalThis & { [KEY]?: TestRef; [SKIP]?: (note: string) => never };

export function setCurrentTest(test: TestRef | undefined, skip?: (note: string) => never): void {
  store[KEY] = test;
  store[SKIP] = skip;
}

export function currentTest(): TestRef | undefined {
  return store[KEY];
}

/**
 * Skips the running test with `note` (what it met makes it moot: a deprecated operation the
 * target has retired); outside a test, nothing happens.
 */
export function skipCurrentTest(note: string): void {
  store[SKIP]?.(note);
}
