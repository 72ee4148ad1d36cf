import { describe, expect, it } from 'vitest';
import { loadSpec, operationById } from './load.ts';
import { ResponseChecker } from './response-checker.ts';
import {
  bodyMatchesSchema,
  contentTypeIsJson,
  headersMatchSchema,
  noBodyWhereNoneDocumented,
  requiredHeadersPresent,
  RESPONSE_CHECKS,
  statusIsDocumented,
  type ResponseCheck,
  type ResponseContext,
} from './response-checks.ts';
import { HttpResponse, rawHeadersOf, type HttpHeaders } from './http/response.ts';
import { documentedResponse } from './responses.ts';
import { createSpecAjv } from './schemas.ts';

const doc = loadSpec();
const ajv = createSpecAjv(doc);
const balance = operationById('get_account_balance', doc);
const errorBody = { statusCode: 400, error: 'Bad Request', message: 'querystring/limit must be <= 50' };
const okHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, no-cache, must-revalidate',
  etag: '"5d2f0c1a3e"',
  warning: '299 - "Deprecated: use GET /extended/v2/addresses/{address}/balances"',
  'ratelimit-limit': '50',
};

/** An answer's parts, the body as JSON (a string: the bytes as they are; undefined: none). */
interface Parts {
  status: number;
  headers: HttpHeaders;
  body?: unknown;
}

function answer({ status, headers, body }: Parts): HttpResponse {
  return new HttpResponse(
    status,
    rawHeadersOf(headers),
    typeof body === 'string' ? body : (JSON.stringify(body) ?? ''),
  );
}

function contextOf(parts: Parts, op = balance): ResponseContext {
  const res = answer(parts);
  return { doc, ajv, op, res, documented: documentedResponse(op, res.status) };
}

/** A 400 of get_account_balance that every check passes, with one part replaced. */
function badRequest(change: Partial<Parts> = {}): ResponseContext {
  return contextOf({
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: errorBody,
    ...change,
  });
}

/** A 304 of get_account_balance, whose only documented header is ETag and which has no body. */
function notModified(change: Partial<Parts> = {}): ResponseContext {
  return contextOf({ status: 304, headers: { etag: '"5d2f0c1a3e"' }, body: undefined, ...change });
}

const cases: [ResponseCheck, ResponseContext, ResponseContext, string][] = [
  [statusIsDocumented, badRequest(), badRequest({ status: 302 }), 'status'],
  [
    contentTypeIsJson,
    badRequest(),
    badRequest({ headers: { 'content-type': 'text/plain' } }),
    'content-type',
  ],
  [bodyMatchesSchema, badRequest(), badRequest({ body: { ...errorBody, statusCode: '400' } }), 'body'],
  [noBodyWhereNoneDocumented, notModified(), notModified({ body: '{}' }), 'body'],
  [requiredHeadersPresent, notModified(), notModified({ headers: {} }), 'header ETag'],
  [
    headersMatchSchema,
    contextOf({ status: 200, headers: okHeaders, body: {} }),
    contextOf({ status: 200, headers: { ...okHeaders, 'ratelimit-limit': 'fifty' }, body: {} }),
    'header ratelimit-limit',
  ],
];

describe('the response checks, one named function per rule', () => {
  it.each(cases)(
    '%o passes a conforming answer and names the part of a crafted bad one',
    (check, good, bad, where) => {
      expect(check(good)).toEqual([]);
      expect(check(bad)).toEqual([expect.objectContaining({ where })]);
    },
  );

  it('every registered check has a case here', () => {
    expect(new Set(cases.map(([check]) => check))).toEqual(new Set(RESPONSE_CHECKS));
  });

  it('reads a required header of the wrong shape as a schema problem, not an absent one', () => {
    const headers = { ...okHeaders, warning: 'deprecated' };
    const ctx = contextOf({ status: 200, headers, body: {} });
    expect(requiredHeadersPresent(ctx)).toEqual([]);
    expect(headersMatchSchema(ctx)).toEqual([
      { where: 'header Warning', expected: '(root) must match pattern "^299 "', actual: 'deprecated' },
    ]);
  });
});

describe('ResponseChecker', () => {
  const checker = new ResponseChecker(doc, ajv);

  it('reports only the status of an undocumented one: nothing else is documented to check against', () => {
    expect(checker.check(balance, answer({ status: 302, headers: {}, body: 'moved' }))).toEqual([
      { where: 'status', expected: 'one of 200, 304, 400, 401, 403, 404, 410, 429, 4XX, 5XX', actual: '302' },
    ]);
  });

  it('composes the checks: each broken part of one answer is its own problem, in the registry order', () => {
    const problems = checker.check(
      balance,
      answer({ status: 400, headers: { 'content-type': 'text/html' }, body: { error: 'Bad Request' } }),
    );
    expect(problems.map((p) => p.where)).toEqual(['content-type', 'body']);
    expect(
      checker.check(
        balance,
        answer({ status: 400, headers: { 'content-type': 'application/json' }, body: errorBody }),
      ),
    ).toEqual([]);
  });
});
