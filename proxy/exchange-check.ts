import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { listOperations, type Document, type Operation } from '../spec/load.ts';
import { parseQuery } from '../spec/request/query-string.ts';
import { routerOf, splitTarget, type Routed } from '../spec/request/routing.ts';
import { isRequestError, requestValidator, type RequestValidator } from '../spec/request/validate.ts';
import { ResponseChecker } from '../spec/response-checker.ts';
import { documentedResponse, type Problem } from '../spec/responses.ts';
import { createSpecAjv } from '../spec/schemas.ts';
import { undeclaredFields } from '../spec/undeclared-fields.ts';

/** One request and the upstream's answer to it, as the proxy saw them on the wire. */
export interface WireExchange {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

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

  check(exchange: WireExchange): Finding[] {
    const target = splitTarget(exchange.target);
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
    if (exchange.method !== 'GET') return [];
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
    const answered = exchange.status >= 200 && exchange.status < 300;
    if (refusal && answered) {
      add('request', `400: the spec refuses this request (${refusal})`, String(exchange.status));
    } else if (!refusal && exchange.status === 400) {
      add('request', 'an answer: the spec accepts this request', '400');
    }
    const text = decoded(exchange);
    const body = parseJson(text);
    for (const p of this.responses.check(op, {
      status: exchange.status,
      headers: exchange.headers,
      body,
      text,
    })) {
      add(p.where, p.expected, p.actual);
    }
    const documented = documentedResponse(op, exchange.status);
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

function decoded(exchange: WireExchange): string {
  const encoding = String(exchange.headers['content-encoding'] ?? '').toLowerCase();
  try {
    if (encoding === 'gzip') return gunzipSync(exchange.body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(exchange.body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(exchange.body).toString('utf8');
  } catch {
    return exchange.body.toString('latin1');
  }
  return exchange.body.toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
