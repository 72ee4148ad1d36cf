import type { HttpResponse } from '../../spec/http/response.ts';
import { ResponseChecker } from '../../spec/response-checker.ts';
import { documentedResponse } from '../../spec/responses.ts';
import { loadSpec, type Operation } from '../../spec/load.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { leaksIn } from './leaks.ts';

const doc = loadSpec();
const specAjv = createSpecAjv(doc);
const checker = new ResponseChecker(doc, specAjv);
const errorSchema = specAjv.component('ErrorResponse');

/**
 * Everything wrong with one answer: where the operation documents the status, what the spec's
 * ResponseChecker finds; for every error but a deprecated operation's documented 410, the shared
 * error body (its `statusCode` the status), `no-store`, and no stack trace, file path or secret in the text.
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
  if (res.status >= 400 && !gone) {
    if (!errorSchema(res.body)) problems.push(`no shared error body: ${res.text.slice(0, 200)}`);
    else if ((res.body as { statusCode: number }).statusCode !== res.status)
      problems.push(
        `statusCode ${(res.body as { statusCode: number }).statusCode} in the body of a ${res.status}`,
      );
    if (res.headers['cache-control'] !== 'no-store')
      problems.push(`Cache-Control ${res.headers['cache-control'] ?? '(none)'} on an error`);
  }
  for (const leak of leaksIn(`${JSON.stringify(res.headers)}\n${res.text}`, secrets))
    problems.push(`leaks ${leak}`);
  return problems;
}
