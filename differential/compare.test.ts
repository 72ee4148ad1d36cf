import { describe, expect, it } from 'vitest';
import { HttpResponse } from '../spec/http/response.ts';
import { answerOf, bodyDigestOf, differences, type Answer } from './compare.ts';
import { listedFor, type ListedDifference } from './listed.ts';
import { Tally } from './tally.ts';

const WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
function answer(over: Partial<Answer> = {}): Answer {
  return {
    status: 200,
    body: { balance: '1' },
    headers: {
      warning: WARNING,
      'cache-control': 'public, no-cache, must-revalidate',
      etag: true,
      'x-api-version': 'v9.0.2 (master:1164d9ee)',
    },
    revalidated: { status: 304, etag: true },
    ...over,
  };
}

describe('answerOf: the record of an answer', () => {
  it('keeps the status, the body parsed (else its text, none as undefined) and the four compared headers', () => {
    const raw = ['Warning', WARNING, 'ETag', '"t"', 'X-API-Version', 'v9', 'Vary', 'Accept'];
    expect(answerOf(new HttpResponse(200, raw, '{"balance":"1"}'))).toEqual({
      status: 200,
      body: { balance: '1' },
      headers: { warning: WARNING, etag: true, 'x-api-version': 'v9' },
    });
    expect(answerOf(new HttpResponse(502, ['Cache-Control', 'no-store'], 'Bad Gateway'))).toEqual({
      status: 502,
      body: 'Bad Gateway',
      headers: { etag: false, 'cache-control': 'no-store' },
    });
    expect(answerOf(new HttpResponse(304, [])).body).toBeUndefined();
  });
});

describe('differences: status, body, the compared headers and the 304', () => {
  it('finds none between equal answers', () => {
    expect(differences(answer(), answer())).toEqual([]);
  });

  it('names each header that differs, and the 304', () => {
    const real = answer({
      headers: { 'cache-control': 'no-store', etag: false },
      revalidated: { status: 304, etag: false },
    });
    expect(differences(answer(), real)).toEqual([
      { field: '(header warning)', mock: WARNING, real: undefined },
      { field: '(header cache-control)', mock: 'public, no-cache, must-revalidate', real: 'no-store' },
      { field: '(header etag)', mock: true, real: false },
      { field: '(header x-api-version)', mock: 'v9.0.2 (master:1164d9ee)', real: undefined },
      { field: '(304 etag)', mock: true, real: false },
    ]);
    expect(differences(answer(), answer({ revalidated: { status: 200, etag: true } }))).toEqual([
      { field: '(304 status)', mock: 304, real: 200 },
    ]);
  });

  it('compares a body recorded as its digest whatever the order of its keys, and names a change as the digest', () => {
    const recorded = answer({
      body: undefined,
      bodyDigest: bodyDigestOf({ b: [1, { d: 2, c: 3 }], a: 'x' }),
    });
    expect(differences(answer({ body: { a: 'x', b: [1, { c: 3, d: 2 }] } }), recorded)).toEqual([]);
    const moved = { a: 'x', b: [{ c: 3, d: 2 }, 1] };
    expect(differences(answer({ body: moved }), recorded)).toEqual([
      { field: '(body digest)', mock: bodyDigestOf(moved), real: recorded.bodyDigest },
    ]);
  });

  it('leaves headers out when one side was recorded without them (golden answers of before)', () => {
    const { headers: _h, revalidated: _r, ...bare } = answer();
    expect(differences(answer(), bare)).toEqual([]);
  });
});

describe('listedFor: a listed difference by operation, field, group and release', () => {
  const listed: ListedDifference[] = [
    {
      operation: 'get_tx_list_details',
      field: '{tx_id}.result.tx_status',
      releases: ['9.0.2'],
      kind: 'real-service-defect',
      reason: 'r',
    },
    {
      operation: '*',
      field: '(header etag)',
      group: 'unknown address*',
      kind: 'mock-fault-open',
      reason: 'r',
    },
  ];

  it('explains a field only against the releases it names', () => {
    const origin = { operation: 'get_tx_list_details', group: 'batch' };
    expect(listedFor(listed, { ...origin, release: '9.0.2' }, '{tx_id}.result.tx_status')).toBe(listed[0]);
    expect(listedFor(listed, { ...origin, release: '8.11.6' }, '{tx_id}.result.tx_status')).toBeUndefined();
  });

  it('reads a trailing * of a group as every group it starts', () => {
    const at = (group: string) => ({ operation: 'get_account_balance', group, release: '8.11.6' });
    expect(listedFor(listed, at('unknown address, full walk'), '(header etag)')).toBe(listed[1]);
    expect(listedFor(listed, at('notable address'), '(header etag)')).toBeUndefined();
  });
});

describe('Tally: JSON-equal counts status and body; headers apart', () => {
  it('counts an answer differing only in a header as JSON-equal, not as headers-equal', () => {
    const tally = new Tally();
    const request = { operationId: 'get_status', group: 'status', path: '/extended' };
    tally.add(request, [{ field: '(header cache-control)', mock: 'a', real: 'b' }], () => false);
    tally.add(request, [{ field: '(304 etag)', mock: true, real: false }], () => true);
    tally.add(request, [{ field: 'status', mock: 'ready', real: 'x' }], () => true);
    expect([tally.answers, tally.equal, tally.headersEqual, tally.explained, tally.notExplained]).toEqual([
      3, 2, 1, 2, 1,
    ]);
  });
});
