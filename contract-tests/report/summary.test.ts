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
  it('groups failures by cause: one entry per cause with its count, real figures and first failure in full', () => {
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
      verdict(20, { where: 'status', expected: '404 (an unknown id)', actual: '400' }),
    ];
    const summary = renderSummary({ records, tests, deviations: [] });
    expect(summary).toContain('Failures: 21 tests, 2 causes');
    expect(summary).toMatch(
      /^- 20× body: expected the 200 schema; got \/results\/0\/tx\/fee_rate must be string \(0xabab.*\(the first test's figures; the others' differ\)$/m,
    );
    expect(summary).toMatch(/^- 1× status: expected 404 \(an unknown id\); got 400$/m);
    expect(summary).toContain(
      '    first: get_account_transactions_with_transfers > 200 OK > case 0\n      failure 0',
    );
    expect(summary.match(/^ {6}failure \d+$/gm)).toEqual(['      failure 0', '      failure 20']);
    expect(summary).toMatch(/^ {4}also: .*case 1; .*case 5; and 14 more$/m);
  });

  it('shows a balance off by one with its numbers, and says "1 cause"', () => {
    const records: LogRecord[] = [
      verdict(1, {
        where: 'check stx_balance',
        expected: 'stx.balance 1204000 (the sum of transfers)',
        actual: '1203999',
      }),
    ];
    const summary = renderSummary({ records, tests: [test(1)], deviations: [] });
    expect(summary).toContain('Failures: 1 test, 1 cause\n');
    expect(summary).toMatch(
      /^- 1× check stx_balance: expected stx\.balance 1204000 \(the sum of transfers\); got 1203999$/m,
    );
  });

  it('makes one cause of a server error, whatever the tests met after it, and lists each test once', () => {
    const fault = (i: number, expectedStatus: number, url = `/extended/v2/blocks/${i}`): VerdictRecord => ({
      kind: 'verdict',
      test: { id: `t${i}`, name: `case ${i}`, file: 'x' },
      operationId: 'get_block',
      url,
      expectedStatus,
      actualStatus: 500,
      outcome: 'fail',
      errorMessage: 'injected fault (--fault-rate)',
      problems: [
        { where: 'status', expected: `${expectedStatus} (why)`, actual: '500' },
        {
          where: 'body',
          expected: 'a non-empty non_fungible_tokens',
          actual: 'non_fungible_tokens is empty',
        },
      ],
    });
    const shared =
      '/extended/v1/address/SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07/transactions_with_transfers?limit=42&offset=42';
    const tests = [
      test(1),
      test(2),
      test(3),
      test(4),
      { ...test(5), message: `get_block: GET ${shared}\n  spec expects: 200` },
    ];
    const records: LogRecord[] = [
      fault(1, 200),
      fault(2, 400),
      fault(3, 404),
      fault(4, 200),
      fault(4, 200, shared),
    ];
    const summary = renderSummary({ records, tests, deviations: [] });
    expect(summary).toContain('Failures: 5 tests, 1 cause\n');
    expect(summary).toMatch(
      /^- 5× the target answered 500 \(injected fault \(--fault-rate\)\), a server error where the spec expects another status; what the tests would have checked after it is not judged$/m,
    );
    expect(summary).not.toContain('non_fungible_tokens');
    expect(summary.match(/case 4/g)).toHaveLength(1);
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

  it('lists the deprecated operations the target retired (410 Gone), once each, as sunset, not as failures', () => {
    const gone = (i: number): VerdictRecord => ({
      ...verdict(i, { where: 'status', expected: '200', actual: '410' }),
      operationId: 'get_account_balance',
      actualStatus: 410,
      outcome: 'sunset',
      problems: [],
      note: 'sunset on this target: get_account_balance, deprecated, answered 410 Gone',
    });
    const summary = renderSummary({
      records: [gone(1), gone(2)],
      tests: [test(1, 'skipped')],
      deviations: [],
    });
    expect(summary).toContain('No failures.');
    expect(summary).toMatch(
      /^Sunset on this target \(deprecated operations answering 410 Gone: their tests skip, nothing fails\): 1\n- get_account_balance \(2×\): sunset on this target: get_account_balance, deprecated, answered 410 Gone$/m,
    );
  });
});
