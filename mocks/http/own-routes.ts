import type { Document, Parameter } from '../../spec/document.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { parseQuery } from '../../spec/request/query-string.ts';
import { splitTarget } from '../../spec/request/routing.ts';
import { partValidator, type PartRefusal, type PartValidator } from '../../spec/request/validate.ts';
import type { SpecAjv } from '../../spec/schemas.ts';

/**
 * The answer of one of the mock's own routes, after the headers the phases before it set; `query`:
 * the parameters the route declares, as the pipeline validated them (empty for a route that
 * declares none).
 */
export type OwnAnswer = (
  request: ServerRequest,
  headers: string[],
  query: Readonly<Record<string, unknown>>,
) => HttpResponse | Promise<HttpResponse>;

/**
 * A route of the mock's own, not the real service's: the spec's files, the world's catalogue,
 * the home page and its files, the control plane. `read`: GET and HEAD only, any other method is
 * answered as a path the mock does not have; `any`: the route answers every method itself (the
 * control plane's 405 comes after its token guard).
 */
export interface OwnRoute {
  methods: 'read' | 'any';
  answer: OwnAnswer;
  /**
   * The query parameters it takes, declared as the spec declares an operation's: the pipeline
   * validates them as it does the API's (typed, defaults filled in) and refuses a bad one with
   * the same 400 before the route answers.
   */
  query?: Parameter[];
}

/**
 * The mock's own routes by path, as their paths are matched (`ownPath`: lower case, without a
 * trailing slash, as path-to-regexp matches the API's): the own part of the mock's one route
 * table, which the pipeline's phases serve beside the spec's operations.
 */
export type OwnRoutes = ReadonlyMap<string, OwnRoute>;

/** A route that only reads, taking the query parameters `query` declares. */
export function readRoute(answer: OwnAnswer, query?: Parameter[]): OwnRoute {
  return query ? { methods: 'read', answer, query } : { methods: 'read', answer };
}

/**
 * Whether a request target is in the mock's own area rather than the API's: `/` (the home page or
 * the JSON links), the spec, and everything under `/_mock/`. Case and a trailing slash do not
 * matter, as for the API's routes.
 */
export function isOwnPath(url: string): boolean {
  // The API's paths all start /extended: the common case is told by one character.
  const second = url.charCodeAt(1);
  if (second === 101 || second === 69) return false;
  const path = ownPath(url);
  return path === '/' || path === '/openapi.yaml' || path === '/openapi.json' || path.startsWith('/_mock/');
}

/** A request target's path as the own routes are keyed: lower case, without a trailing slash. */
export function ownPath(url: string): string {
  const path = splitTarget(url).pathname.toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The query of a route that declares none. */
const NO_QUERY: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * An own route's query checked as the API's are (`partValidator`): its declared parameters typed,
 * or the refusal. Each route's validator is compiled on its first request: outside the spec's
 * operations the build has nothing ahead of time for it, and a mock nobody polls should not set
 * ajv up at start.
 */
export function ownQueryCheck(
  doc: Document,
  specAjv: SpecAjv,
): (route: OwnRoute, target: string) => Readonly<Record<string, unknown>> | PartRefusal {
  const compiled = new Map<OwnRoute, PartValidator>();
  return (route, target) => {
    if (!route.query) return NO_QUERY;
    let check = compiled.get(route);
    if (!check) compiled.set(route, (check = partValidator('query', route.query, doc, specAjv)));
    return check(parseQuery(splitTarget(target).query));
  };
}
