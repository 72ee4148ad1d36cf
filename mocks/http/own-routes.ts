import type { ServerRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { splitTarget } from '../../spec/request/routing.ts';

/** The answer of one of the mock's own routes, after the headers the phases before it set. */
export type OwnAnswer = (request: ServerRequest, headers: string[]) => HttpResponse | Promise<HttpResponse>;

/**
 * A route of the mock's own, not the real service's: the spec's files, the world's catalogue,
 * the home page and its files, the control plane. `read`: GET and HEAD only, any other method is
 * answered as a path the mock does not have; `any`: the route answers every method itself (the
 * control plane's 405 comes after its token guard).
 */
export interface OwnRoute {
  methods: 'read' | 'any';
  answer: OwnAnswer;
}

/**
 * The mock's own routes by path, as their paths are matched (`ownPath`: lower case, without a
 * trailing slash, as path-to-regexp matches the API's): the own part of the mock's one route
 * table, which the pipeline's phases serve beside the spec's operations.
 */
export type OwnRoutes = ReadonlyMap<string, OwnRoute>;

/** A route that only reads. */
export function readRoute(answer: OwnAnswer): OwnRoute {
  return { methods: 'read', answer };
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
