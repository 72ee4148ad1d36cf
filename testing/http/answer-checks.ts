import type { HttpResponse } from '../../spec/http/response.ts';
import { ResponseChecker } from '../../spec/response-checker.ts';
import { errorFieldStatuses } from '../../spec/document.ts';
import { documentedResponse } from '../../spec/responses.ts';
import { documentsOtherType } from '../../spec/response-checks.ts';
import { loadSpec, type Operation } from '../../spec/load.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { leaksIn } from './leaks.ts';

const doc = loadSpec();
const specAjv = createSpecAjv(doc);
const checker = new ResponseChecker(doc, specAjv);
const errorSchema = specAjv.component('ErrorResponse');

/**
 * Everything wrong with one answer: where the operation documents the status, what the spec's
 * ResponseChecker finds; for every error but a deprecated operation's documented 410 and the token
 * metadata service's own 404 and 422, the shared error body (its `statusCode` the status; a
 * stacks-node's own text where the status documents it is its own), the caching the real service gives it
 * (`errorCachingProblem`), and no stack trace, file path or secret in the text.
 */
export function problemsWithAnswer(
  op: Operation | undefined,
  res: HttpResponse,
  secrets: string[] = [],
): string[] {
  const problems: string[] = [];
  if (op && documentedResponse(op, res.status)) {
    for (const p of checker.check(op, res)) {
      problems.push(`${p.where}: expected ${p.expected}, got ${p.actual}`);
    }
  }
  // A retired operation's 410 is the real service's own body (GoneResponse), checked above, sent
  // without Cache-Control as the real one is.
  const gone = res.status === 410 && op?.deprecated === true && op.responses['410'] !== undefined;
  // The token metadata service's 404 and 422, and the BNS routes' 404, are their own `{error}` body, checked above.
  const tokenMetadata = op !== undefined && errorFieldStatuses(op).includes(res.status);
  // A stacks-node's own words where the operation documents them (`x-error-body: own`): its text.
  const documented = op && documentedResponse(op, res.status);
  const own = documented !== undefined && documentsOtherType(documented, res.headers['content-type'] ?? '');
  if (res.status >= 400 && !gone && !tokenMetadata && !own) {
    if (!errorSchema(res.body)) problems.push(`no shared error body: ${res.text.slice(0, 200)}`);
    else if ((res.body as { statusCode: number }).statusCode !== res.status)
      problems.push(
        `statusCode ${(res.body as { statusCode: number }).statusCode} in the body of a ${res.status}`,
      );
    const caching = errorCachingProblem(res);
    if (caching) problems.push(caching);
  }
  for (const leak of leaksIn(`${JSON.stringify(res.headers)}\n${res.text}`, secrets))
    problems.push(`leaks ${leak}`);
  return problems;
}

/**
 * An error is never cacheable, as the real service sends it: no Cache-Control on a request
 * refused by schema validation (`FST_ERR_VALIDATION`), revalidate-always with an ETag on one
 * raised after the route's ETag step found something, `no-store` otherwise.
 */
function errorCachingProblem(res: HttpResponse): string | undefined {
  const value = res.headers['cache-control'];
  const code = (res.body as { code?: unknown } | undefined)?.code;
  if (code === 'FST_ERR_VALIDATION' && res.status === 400)
    return value === undefined
      ? undefined
      : `Cache-Control ${String(value)} on a request refused by schema validation`;
  if (value === 'no-store' && res.headers.etag === undefined) return undefined;
  if (value === 'public, no-cache, must-revalidate' && res.headers.etag !== undefined) return undefined;
  return `Cache-Control ${String(value ?? '(none)')} ${res.headers.etag === undefined ? 'without' : 'with'} an ETag on an error`;
}
