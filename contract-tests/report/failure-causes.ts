import type { ProblemRecord, VerdictRecord } from './records.ts';
import type { TestResult } from './test-results.ts';

/** One cause of failures: how many tests it failed, and the first of them. */
export interface Cause {
  cause: string;
  tests: string[];
  example: string;
}

const CAUSE_LENGTH = 200;

/**
 * A problem with the particulars taken out (ids, hashes, principals, large numbers, array positions), so that one
 * wrong field type seen in twenty answers is one cause, not twenty.
 */
export function causeOf(problem: Pick<ProblemRecord, 'where' | 'expected' | 'actual'>): string {
  const general = (text: string): string =>
    text
      .replace(/0x[0-9a-f]{6,}/gi, '0x…')
      .replace(/\b[0-9A-Z]{28,41}(\.[\w-]+)?\b/g, '<principal>')
      .replace(/\/\d+(?=\/|\b)/g, '/N')
      .replace(/\[\d+\]/g, '[N]')
      .replace(/\b\d{4,}\b/g, 'N')
      .replace(/\s+/g, ' ');
  const text = `${problem.where}: expected ${general(problem.expected)}; got ${general(problem.actual)}`;
  return text.length > CAUSE_LENGTH ? `${text.slice(0, CAUSE_LENGTH)}…` : text;
}

/**
 * The failed tests grouped by cause, most frequent first: the unknown problems of their failing
 * verdicts, or the first line of the message of a test that failed without one (an error, a
 * budget spent).
 */
export function groupFailures(failed: TestResult[], verdicts: VerdictRecord[]): Cause[] {
  const causes = new Map<string, Cause>();
  const add = (cause: string, test: TestResult, example: string): void => {
    const entry = causes.get(cause) ?? { cause, tests: [], example };
    if (!entry.tests.includes(test.name)) entry.tests.push(test.name);
    causes.set(cause, entry);
  };
  for (const test of failed) {
    const failing = verdicts.filter((v) => v.outcome === 'fail' && v.test?.id === test.id);
    const problems = failing.flatMap((v) =>
      v.problems.filter((p) => p.deviation === undefined).map((p) => ({ v, p })),
    );
    if (problems.length === 0) {
      const firstLine = (test.message ?? 'failed without a message').split('\n')[0] as string;
      add(causeOf({ where: 'error', expected: 'no error', actual: firstLine }), test, test.name);
      continue;
    }
    for (const { v, p } of problems)
      add(
        causeOf(p),
        test,
        `${test.name} — GET ${v.url} → ${v.actualStatus}${p.actual === String(v.actualStatus) ? '' : `: ${p.actual.slice(0, 160)}`}`,
      );
  }
  return [...causes.values()].sort((a, b) => b.tests.length - a.tests.length);
}
