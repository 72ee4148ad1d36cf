import { describe, expect, it } from 'vitest';
import type { LogRecord, VerdictRecord } from './records.ts';
import { renderSummary } from './summary.ts';
import type { TestResult } from './test-results.ts';

function test(i: number, state: TestResult['state'] = 'failed'): TestResult {
  return {
    id: `t${i}`,
    file: 'contract-tests/x.contract.test.ts',
    name: `get_account_transactions_with_transfers > 200 OK > case ${i}`,
    state,
    message: `failure ${i}`,
    startTime: 1,
    durationMs: 1,
  };
}

function verdict(i: number, problem: VerdictRecord['problems'][number]): VerdictRecord {
  return {
    kind: 'verdict',
    test: { id: `t${i}`, name: `case ${i}`, file: 'x' },
    operationId: 'get_account_transactions_with_transfers',
    url: `/extended/v1/address/SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07/transactions_with_transfers?offset=${i}`,
    expectedStatus: 200,
    actualStatus: 200,
    outcome: problem.deviation ? 'known' : 'fail',
    problems: [problem],
  };
}

describe('the summary', () => {
  it('groups failures by cause: one line per cause with its count and first example', () => {
    // One wrong field type seen in twenty answers, at different positions; and one other cause.
    const tests = [...Array.from({ length: 21 }, (_, i) => test(i)), test(99, 'passed')];
    const records: LogRecord[] = [
      ...Array.from({ length: 20 }, (_, i) =>
        verdict(i, {
          where: 'body',
          expected: 'the 200 schema',
          actual: `/results/${i}/tx/fee_rate must be string (0x${'ab'.repeat(32)})`,
        }),
      ),
      verdict(20, { where: 'status', expected: '200 (a valid request)', actual: '500' }),
    ];
    const summary = renderSummary({ records, tests, deviations: [] });
    expect(summary).toContain('Failures: 21 tests, 2 causes');
    expect(summary).toMatch(
      /^- 20× body: expected the 200 schema; got \/results\/N\/tx\/fee_rate must be string/m,
    );
    expect(summary).toMatch(/^- 1× status: expected 200 \(a valid request\); got 500$/m);
    expect(summary).toContain('e.g. get_account_transactions_with_transfers > 200 OK > case 0 — GET');
    expect(summary.match(/^ {4}failure \d+$/gm)).toEqual(['    failure 0', '    failure 20']);
  });

  it('says which known deviations it saw, and warns about a listed one it did not see', () => {
    const deviations = [
      { id: 'seen-one', where: 'status', reason: 'a known defect, seen' },
      { id: 'gone-one', operationId: 'get_block', where: 'header etag', reason: 'a known defect, fixed?' },
    ];
    const records: LogRecord[] = [
      verdict(1, { where: 'status', expected: '400', actual: '500', deviation: 'seen-one' }),
    ];
    const summary = renderSummary({ records, tests: [test(1, 'passed')], deviations });
    expect(summary).toMatch(/^- seen-one \(1×, e\.g\. .*\): a known defect, seen$/m);
    expect(summary).toMatch(/^Warning: known deviations listed but not seen/m);
    expect(summary).toMatch(/^- gone-one \(get_block, header etag\): a known defect, fixed\?$/m);
  });

  it('shows what the preflight said before the tests', () => {
    const records: LogRecord[] = [
      {
        kind: 'run',
        target: 'live http://127.0.0.1:1',
        targetFile: 'x',
        limiter: 'off',
        maxRequests: 1,
        notices: ['the target file x.json describes another world'],
      },
    ];
    expect(renderSummary({ records, tests: [], deviations: [] })).toContain(
      'Before the tests:\n- the target file x.json describes another world',
    );
  });
});
