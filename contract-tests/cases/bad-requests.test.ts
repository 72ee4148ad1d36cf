import { describe, expect, it } from 'vitest';
import { operation } from '../spec-context.ts';
import { accepts } from './parameter-reading.ts';
import { badRequestCases } from './bad-requests.ts';

const principal = 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07';
const hash = `0x${'ab'.repeat(32)}`;
const txId = `0x${'cd'.repeat(32)}`;
const examples = {
  principal: [principal],
  address: [principal],
  tx_id: [txId],
  height_or_hash: [hash],
  height: ['5'],
  until_block: [hash],
  unanchored: ['true'],
};
function names(operationId: string, path: Record<string, string>): string[] {
  return badRequestCases(operation(operationId), { path, query: {} }, examples).map((c) => c.name);
}

describe('badRequestCases, derived from the spec', () => {
  it('covers every bound, pattern, checksum and conflict of get_account_transactions_with_transfers', () => {
    const cases = names('get_account_transactions_with_transfers', { principal });
    for (const expected of [
      'limit=51 (above the maximum 50)',
      'limit=-1 (below the minimum 0)',
      'limit=abc (not an integer)',
      'offset=-1 (below the minimum 0)',
      'principal=not-principal (does not match the pattern',
      'bad c32check checksum (format stacks-principal)',
      'unanchored=yes (not true or false)',
      'height with until_block (x-parameter-conflicts)',
      'unanchored with until_block (x-parameter-conflicts)',
    ]) {
      expect(
        cases.some((c) => c.includes(expected)),
        `${expected} in\n${cases.join('\n')}`,
      ).toBe(true);
    }
  });

  it('covers a bad height_or_hash, a bad tx id and a missing required id', () => {
    expect(names('get_block', { height_or_hash: 'latest' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^height_or_hash=-1 /),
        expect.stringMatching(/^height_or_hash=not-height_or_hash /),
      ]),
    );
    expect(names('get_single_transaction_with_transfers', { principal, tx_id: txId })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tx_id=.* \(one character short/)]),
    );
    expect(
      badRequestCases(operation('get_tx_list_details'), { path: {}, query: { tx_id: [txId] } }, examples).map(
        (c) => c.name,
      ),
    ).toEqual(expect.arrayContaining(['tx_id missing (required)', expect.stringMatching(/no 0x prefix/)]));
  });

  it('only makes requests the spec itself rejects: a parameter fails its schema, or a documented conflict', () => {
    const op = operation('get_account_transactions_with_transfers');
    const fine = (c: { path: Record<string, string>; query: Record<string, string | string[]> }): boolean =>
      op.parameters.every((p) => {
        const value = (p.in === 'path' ? c.path : c.query)[p.name];
        return value === undefined ? !p.required : accepts(p.schema, value);
      });
    const cases = badRequestCases(op, { path: { principal }, query: {} }, examples);
    for (const c of cases)
      expect(!fine(c) || c.because.startsWith('x-parameter-conflicts'), c.name).toBe(true);
    expect(
      fine({
        path: { principal },
        query: { limit: '50', offset: '0', height: '5', unanchored: 'false', until_block: hash },
      }),
    ).toBe(true);
  });
});
