import { describe, expect, it } from 'vitest';
import { operations } from '../spec-context.ts';
import { buildMatrix, renderMatrix } from './coverage-matrix.ts';
import type { VerdictRecord } from './records.ts';
import type { TestResult } from './test-results.ts';

function verdict(
  operationId: string,
  expectedStatus: number,
  outcome: VerdictRecord['outcome'],
  actualStatus = expectedStatus,
): VerdictRecord {
  return {
    kind: 'verdict',
    operationId,
    url: '/x',
    expectedStatus,
    actualStatus,
    outcome,
    problems: [],
  };
}

describe('the coverage matrix', () => {
  const matrix = buildMatrix(
    operations,
    [
      verdict('get_block', 200, 'pass'),
      verdict('get_block', 200, 'fail'),
      verdict('get_block', 404, 'known'),
      verdict('get_account_balance', 400, 'tolerated', 422),
      verdict('get_status', 500, 'pass'),
    ],
    [
      {
        id: 't',
        file: 'f',
        name: 'get_block > 401 Unauthorized > no key',
        state: 'skipped',
        message: 'no keys here',
        startTime: 0,
        durationMs: 0,
      } satisfies TestResult,
      {
        id: 'u',
        file: 'f',
        name: 'server errors > get_block > 5XX Server Error > Prefer: code=500',
        state: 'skipped',
        message: 'this target is not the mock',
        startTime: 0,
        durationMs: 0,
      } satisfies TestResult,
    ],
  );
  const cell = (operationId: string, status: string) =>
    matrix.rows.find((r) => r.operationId === operationId)?.cells[matrix.statuses.indexOf(status)];

  it('counts each checked answer under the operation and the status it meant to provoke', () => {
    expect(cell('get_block', '200')).toMatchObject({ pass: 1, fail: 1 });
    expect(cell('get_block', '404')).toMatchObject({ known: 1 });
    expect(cell('get_account_balance', '400')).toMatchObject({ tolerated: 1 });
    expect(cell('get_block', '401')?.skipped).toEqual(['no keys here']);
  });

  it('renders failures, known deviations, skips with their reasons, and undocumented statuses', () => {
    const text = renderMatrix(matrix);
    expect(text).toContain('| get_block | ✗ 1 of 2 |');
    expect(text).toMatch(/skipped \[\d\]/);
    expect(text).toContain('no keys here');
    expect(text).toMatch(/\| get_status \| — \| — \| · \|/);
  });

  it('marks 5XX as provoked where a server error was asked for, and says why where it was not', () => {
    expect(cell('get_status', '5XX')).toMatchObject({ pass: 1, skipped: [] });
    expect(cell('get_block', '5XX')?.skipped).toEqual(['this target is not the mock']);
    const text = renderMatrix(matrix);
    expect(text).toMatch(/\| get_status \|.*\| ✓ 1 \|$/m);
    expect(text).not.toContain('cannot be provoked');
  });

  it("says why a deprecated operation's 410 is not exercised: only a retired one answers it", () => {
    expect(cell('get_account_balance', '410')).toMatchObject({ pass: 0, fail: 0 });
    expect(renderMatrix(matrix)).toContain(
      'a deprecated operation answers 410 only once the target retires it',
    );
  });

  it('does not footnote a 200 whose tests all ran', () => {
    expect(renderMatrix(matrix)).toMatch(/\| get_block \| ✗ 1 of 2 \|/);
  });
});
