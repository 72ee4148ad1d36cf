import type { ProblemRecord, VerdictRecord } from './records.ts';
import type { TestResult } from './test-results.ts';

/** One root cause of failures: the tests it failed, each in this cause only, and how it read. */
export interface Cause {
  /** What groups the tests: the root problem with its particulars taken out. */
  key: string;
  /** The root problem as the first of its tests met it, with its real figures. */
  text: string;
  /** Whether another of its tests met it with other figures than `text` shows. */
  figuresDiffer: boolean;
  /** By file, then in their file's order: the first is shown in full. */
  tests: TestResult[];
}

const CAUSE_LENGTH = 200;

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > CAUSE_LENGTH ? `${flat.slice(0, CAUSE_LENGTH)}…` : flat;
}

/**
 * A problem with the particulars taken out (ids, hashes, principals, numbers, array positions),
 * so that one wrong field type seen in twenty answers, or one balance off by one for several
 * principals, is one cause, not twenty. Only for grouping: the report shows the real figures.
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
  return cut(`${problem.where}: expected ${general(problem.expected)}; got ${general(problem.actual)}`);
}

function problemText(problem: Pick<ProblemRecord, 'where' | 'expected' | 'actual'>): string {
  return cut(`${problem.where}: expected ${problem.expected}; got ${problem.actual}`);
}

function unknownProblems(v: VerdictRecord): ProblemRecord[] {
  return v.problems.filter((p) => p.deviation === undefined);
}

/** A 5xx where the spec expected another status: nothing the test checks after it is the target's meaning. */
function isServerError(v: VerdictRecord): boolean {
  return v.actualStatus >= 500 && v.actualStatus !== v.expectedStatus;
}

/**
 * The failing verdicts behind a test: its own, or, for a test that failed on what another test
 * fetched for both (a pagination walk shared by several tests), the verdict its message names
 * in its first line (`operationId: GET url`).
 */
function verdictsBehind(test: TestResult, failing: VerdictRecord[]): VerdictRecord[] {
  const own = failing.filter((v) => v.test?.id === test.id);
  if (own.length > 0) return own;
  const named = /^(\S+): (?:GET|POST) (\S+)$/.exec((test.message ?? '').split('\n')[0] ?? '');
  if (!named) return [];
  return failing.filter((v) => v.operationId === named[1] && v.url === named[2]).slice(0, 1);
}

/**
 * The one root cause of a failed test: a server error it met, whatever its other problems (they
 * follow from it); else the first problem of its first failing answer; else the first line of
 * its error (one that failed without a verdict: an error thrown, a budget spent).
 */
function rootOf(test: TestResult, failing: VerdictRecord[]): { key: string; text: string } {
  const behind = verdictsBehind(test, failing);
  const serverError = behind.find(isServerError);
  if (serverError) {
    const says = serverError.errorMessage ?? 'no error message';
    return {
      key: `server error: ${causeOf({ where: 'body', expected: '', actual: says })}`,
      text: cut(
        `the target answered ${serverError.actualStatus} (${says}), a server error where the spec expects another status; what the tests would have checked after it is not judged`,
      ),
    };
  }
  const first = behind.map(unknownProblems).find((ps) => ps.length > 0)?.[0];
  if (first) return { key: causeOf(first), text: problemText(first) };
  const line = {
    where: 'error',
    expected: 'no error',
    actual: (test.message ?? 'failed without a message').split('\n')[0] as string,
  };
  return { key: causeOf(line), text: problemText(line) };
}

/**
 * The failed tests grouped by root cause, each test in one group, most frequent first (then by
 * cause; tests by file: the report is the same whatever order the files ran in).
 */
export function groupFailures(failed: TestResult[], verdicts: VerdictRecord[]): Cause[] {
  const failing = verdicts.filter((v) => v.outcome === 'fail' && unknownProblems(v).length > 0);
  const causes = new Map<string, Cause>();
  const byFile = [...failed].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const test of byFile) {
    const { key, text } = rootOf(test, failing);
    const entry = causes.get(key);
    if (!entry) causes.set(key, { key, text, figuresDiffer: false, tests: [test] });
    else {
      entry.tests.push(test);
      entry.figuresDiffer ||= text !== entry.text;
    }
  }
  return [...causes.values()].sort(
    (a, b) => b.tests.length - a.tests.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
