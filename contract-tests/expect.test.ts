import { describe, expect, it } from 'vitest';
import { judgeResponse } from './expect.ts';
import { HttpResponse } from '../spec/http/response.ts';
import { exchangeOf, type Exchange } from './http/client.ts';
import type { LogRecord, VerdictRecord } from './report/records.ts';
import { operation } from './spec-context.ts';
import type { ContractTarget } from './target.ts';

/** Just what judgeResponse reads of a target: its known deviations and its log. */
function fakeTarget(records: LogRecord[]): ContractTarget {
  return {
    file: { name: 'test', knownDeviations: [] },
    log: { write: (r: LogRecord) => records.push(r) },
  } as unknown as ContractTarget;
}

function balanceAnswer(status: number, body: object, operationId = 'get_account_balance'): Exchange {
  return exchangeOf(
    new HttpResponse(status, ['content-type', 'application/json; charset=utf-8'], JSON.stringify(body)),
    {
      id: 1,
      operation: operation(operationId),
      target: '/extended/v1/address/SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07/balances',
      ms: 1,
    },
  );
}

/** What a test checks on the body it expected: here, NFT holdings. */
const tokensExpected = [
  { where: 'body', expected: 'a non-empty non_fungible_tokens', actual: 'non_fungible_tokens is empty' },
];

describe('judging one answer', () => {
  it('gives a 5xx where the spec expects 200 one problem, the status, and keeps what its body said', () => {
    const records: LogRecord[] = [];
    const fault = {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'injected fault (--fault-rate)',
    };
    const judgement = judgeResponse(
      fakeTarget(records),
      balanceAnswer(500, fault),
      { status: 200, because: 'a valid principal' },
      tokensExpected,
    );
    expect(judgement.unknown).toEqual([
      { where: 'status', expected: '200 (a valid principal)', actual: '500' },
    ]);
    expect(judgement.message).not.toContain('non_fungible_tokens');
    expect(records[0] as VerdictRecord).toMatchObject({
      outcome: 'fail',
      errorMessage: 'injected fault (--fault-rate)',
    });
  });

  it("leaves out the caller's checks of the body it expected when the status is wrong", () => {
    const judgement = judgeResponse(
      fakeTarget([]),
      balanceAnswer(404, { error: 'not found' }),
      { status: 200, because: 'a valid principal' },
      tokensExpected,
    );
    expect(judgement.unknown.map((p) => p.where)).toContain('status');
    expect(judgement.unknown).not.toContainEqual(tokensExpected[0]);
  });

  it("keeps the caller's checks when the status is the expected one", () => {
    const judgement = judgeResponse(
      fakeTarget([]),
      balanceAnswer(200, {}),
      { status: 200, because: 'a valid principal' },
      tokensExpected,
    );
    expect(judgement.unknown).toContainEqual(tokensExpected[0]);
  });

  it('calls a 410 Gone from a deprecated operation its sunset on this target, not a break, naming its successor', () => {
    const records: LogRecord[] = [];
    const gone = {
      error: 'Gone',
      message: 'This endpoint has been disabled. See https://docs.hiro.so/stacks/api for more information',
    };
    const judgement = judgeResponse(fakeTarget(records), balanceAnswer(410, gone), {
      status: 200,
      because: 'a valid principal',
    });
    expect(judgement.unknown).toEqual([]);
    expect(judgement.sunset).toMatch(
      /^sunset on this target: get_account_balance, deprecated, answered 410 Gone \("This endpoint has been disabled\..*"\); its successor: GET \/extended\/v3\/principals\/\{principal\}\/balances\/stx/,
    );
    expect(records[0] as VerdictRecord).toMatchObject({ outcome: 'sunset' });
  });

  it('fails a 410 from an operation no release deprecates', () => {
    const status = balanceAnswer(410, { error: 'Gone' }, 'get_block');
    const judgement = judgeResponse(fakeTarget([]), status, { status: 200, because: 'a known block' });
    expect(judgement.sunset).toBeUndefined();
    expect(judgement.unknown.map((p) => p.where)).toContain('status');
  });
});
