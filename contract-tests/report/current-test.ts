import type { TestRef } from './records.ts';

// On globalThis so every test file of the single worker sees the same value.
const KEY = Symbol.for('contract-tests.current-test');
const store = globalThis as typeof globalThis & { [KEY]?: TestRef };

export function setCurrentTest(test: TestRef | undefined): void {
  store[KEY] = test;
}

export function currentTest(): TestRef | undefined {
  return store[KEY];
}
