import { relative } from 'node:path';
import type { TestModule } from 'vitest/node';
import { ROOT } from '../config.ts';

/** A contract test as the reports need it, independent of vitest's classes. */
export interface TestResult {
  id: string;
  file: string;
  /** `describe > … > test`. */
  name: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  /** The first error's message for a failure, the skip reason for a skip. */
  message?: string;
  startTime: number;
  durationMs: number;
}

export function collectResults(modules: ReadonlyArray<TestModule>): TestResult[] {
  const results: TestResult[] = [];
  for (const module of modules) {
    const file = relative(ROOT, module.moduleId);
    for (const test of module.children.allTests()) {
      const result = test.result();
      const diagnostic = test.diagnostic();
      const message =
        result.state === 'failed'
          ? result.errors[0]?.message
          : result.state === 'skipped'
            ? result.note
            : undefined;
      results.push({
        id: test.id,
        file,
        name: test.fullName,
        state: result.state,
        ...(message ? { message } : {}),
        startTime: diagnostic?.startTime ?? 0,
        durationMs: diagnostic?.duration ?? 0,
      });
    }
    // A file that failed before its tests ran (an unreachable target, say) has no tests to show it.
    for (const error of module.errors()) {
      results.push({
        id: `${module.id}-error`,
        file,
        name: `${file} (could not run)`,
        state: 'failed',
        message: error.message,
        startTime: 0,
        durationMs: 0,
      });
    }
  }
  return results;
}
