import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { listOperations, type Document, type Operation } from '../spec/load.ts';
import { parseQuery } from '../spec/request/query-string.ts';
import { routerOf, splitTarget, type Routed } from '../spec/request/routing.ts';
import { isRequestError, requestValidator, type RequestValidator } from '../spec/request/validate.ts';
import type { HttpRequest } from '../spec/http/request.ts';
import { HttpResponse } from '../spec/http/response.ts';
import { ResponseChecker } from '../spec/response-checker.ts';
import { documentedResponse, type Problem } from '../spec/responses.ts';
import { createSpecAjv } from '../spec/schemas.ts';
import { undeclaredFields } from '../spec/undeclared-fields.ts';

/**
 * One thing an exchange does that the spec does not say. `drift` marks what the spec does not
 * forbid but does not describe either (an undeclared field, a route outside the spec).
 */
export interface Finding extends Problem {
  operationId: string | undefined;
  severity: 'violation' | 'drift';
}

/** Checks exchanges against the spec with the project's own validators. */
export class ExchangeChecker {
  private readonly route: (pathname: string) => Routed<Operation> | undefined;
  private readonly routeAsSent: (pathname: string) => Routed<Operation> | undefined;
  private readonly responses: ResponseChecker;
  private readonly requests = new Map<string, RequestValidator>();

  constructor(
    private readonly doc: Document,
    private readonly undocumentedFieldsFail = false,
  ) {
    const ajv = createSpecAjv(doc);
    const operations = listOperations(doc);
    // The mock's own router (spec/request/routing.ts): a URL the mock routes is never drift here.
    this.route = routerOf(operations);
    this.routeAsSent = routerOf(operations, { decode: false });
    this.responses = new ResponseChecker(doc, ajv);
    // Request checks fill in defaults, so they get their own ajv (as the mock's validation does).
    const requestAjv = createSpecAjv(doc, { defaults: true });
    for (const op of operations) this.requests.set(op.operationId, requestValidator(op, doc, requestAjv));
  }

  operationOf(target: string): Operation | undefined {
    return this.routed(splitTarget(target).pathname).routed?.route;
  }

  /** The operation a path is for, as the mock routes it; a malformed escape in a parameter is the request's fault. */
  private routed(pathname: string): { routed?: Routed<Operation>; malformed?: true } {
    try {
      const routed = this.route(pathname);
      return routed ? { routed } : {};
    } catch (err) {
      if (err instanceof URIError) return { malformed: true, routed: this.routeAsSent(pathname) };
      throw err;
    }
  }

  /** The findings on one request (as sent) and the upstream's answer to it (its bytes as they came). */
  check(request: HttpRequest, answer: HttpResponse): Finding[] {
    const target = splitTarget(request.target);
    const { routed, malformed } = this.routed(target.pathname);
    if (!routed) {
      return [
        {
          operationId: undefined,
          where: 'route',
          expected: 'a path of the spec',
          actual: target.pathname,
          severity: 'drift',
        },
      ];
    }
    const op = routed.route;
    if (request.method !== 'GET') return [];
    const findings: Finding[] = [];
    const add = (
      where: string,
      expected: string,
      actual: string,
      severity: Finding['severity'] = 'violation',
    ): void => {
      findings.push({ operationId: op.operationId, where, expected, actual, severity });
    };
    const refusal = malformed
      ? 'malformed percent-encoding in the URL'
      : this.refusalOf(routed, target.query);
    const answered = answer.status >= 200 && answer.status < 300;
    if (refusal && answered) {
      add('request', `400: the spec refuses this request (${refusal})`, String(answer.status));
    } else if (!refusal && answer.status === 400) {
      add('request', 'an answer: the spec accepts this request', '400');
    }
    const response = decoded(answer);
    const body: unknown = response.body;
    for (const p of this.responses.check(op, response)) add(p.where, p.expected, p.actual);
    const documented = documentedResponse(op, answer.status);
    const schema = documented?.response.content?.['application/json']?.schema;
    if (schema && body !== undefined) {
      for (const field of undeclaredFields(this.doc, schema, body)) {
        add(
          `undocumented field ${field}`,
          `only the fields the ${documented.key} schema declares`,
          'sent',
          this.undocumentedFieldsFail ? 'violation' : 'drift',
        );
      }
    }
    return findings;
  }

  private refusalOf(routed: Routed<Operation>, query: string): string | undefined {
    const result = this.requests.get(routed.route.operationId)!(routed.params, parseQuery(query));
    return isRequestError(result) ? result.message : undefined;
  }
}

/** The answer with its body decompressed as its `Content-Encoding` says; as it came when that fails. */
function decoded(answer: HttpResponse): HttpResponse {
  const encoding = (answer.headers['content-encoding'] ?? '').toLowerCase();
  const bytes = Buffer.from(answer.bytes);
  try {
    if (encoding === 'gzip') return new HttpResponse(answer.status, answer.rawHeaders, gunzipSync(bytes));
    if (encoding === 'deflate') return new HttpResponse(answer.status, answer.rawHeaders, inflateSync(bytes));
    if (encoding === 'br')
      return new HttpResponse(answer.status, answer.rawHeaders, brotliDecompressSync(bytes));
  } catch {
    return answer;
  }
  return answer;
}
