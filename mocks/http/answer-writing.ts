import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import type { OwnAnswer } from '../operations/types.ts';
import { CACHE_CONTROL, JSON_TYPE, etagOf, matches, type SerializedJson } from './caching.ts';
import { CORS_HEADERS, INVALID_PREFLIGHT, preflightHeaders } from './cors.ts';
import { errorParts, routeNotFoundParts } from './errors.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { HttpResponse } from '../../spec/http/response.ts';
import type { RequestError } from '../../spec/request/validate.ts';

/**
 * How the pipeline writes an answer, as the real service sends each kind: the service headers, a
 * 200 with its caching, an error (before or after the route's ETag step), a change, a refusal in
 * its own server's words. Each writes onto the headers the phases have set so far.
 */

/** A request on its way and the headers set so far: what an answer is written onto. */
export interface Answering {
  readonly request: ServerRequest;
  readonly headers: string[];
}

/** `X-API-Version` as the release writes it: its tag, branch and commit (its `server_version` without the name). */
export function apiVersionOf(release: ReleaseProfile): string {
  return release.serverVersion.replace(/^stacks-blockchain-api /, '');
}

/** The headers every answer starts with: CORS, then the API's version. */
export function serviceHeaders(release: ReleaseProfile): readonly string[] {
  return [...CORS_HEADERS, 'X-API-Version', apiVersionOf(release)];
}

/**
 * The real service sets `X-API-Version` (and its default `no-store`) in a hook that runs after
 * schema validation and after its sunset's 410: those answers go without it.
 */
export function dropApiVersion(headers: string[]): void {
  const at = headers.indexOf('X-API-Version');
  if (at >= 0) headers.splice(at, 2);
}

/**
 * The answer to `OPTIONS` on any path, as `@fastify/cors` gives it before any route: a preflight
 * gets 204 with what the browser asked to send; an `OPTIONS` that is no preflight, 400 in plain text.
 */
export function preflight(request: ServerRequest): HttpResponse {
  const allowed = preflightHeaders(request.headers);
  if (allowed) return new HttpResponse(204, [...CORS_HEADERS, ...allowed]);
  const body = new TextEncoder().encode(INVALID_PREFLIGHT);
  const headers = [
    ...CORS_HEADERS,
    'Content-Type',
    'text/plain; charset=utf-8',
    'Content-Length',
    String(body.length),
  ];
  return new HttpResponse(400, headers, body);
}

/** Mirrors a response the way a client receives it: HEAD gets the headers only. */
export function respond(p: Answering, status: number, body: Uint8Array | undefined): HttpResponse {
  return new HttpResponse(status, p.headers, p.request.method === 'HEAD' ? undefined : body);
}

/**
 * A request its parameters' schemas refused: the 400 of a request refused before the route's
 * hooks (Fastify's schema validation), so neither X-API-Version nor any Cache-Control; a
 * parameter's own message (`x-item-errors`) is the plain error body.
 */
export function refuseRequest(p: Answering, error: RequestError): HttpResponse {
  if (error.code !== 'FST_ERR_VALIDATION') return fail(p, 400, error.message);
  dropApiVersion(p.headers);
  return respond(p, 400, errorParts(p.headers, 400, error.message, error.code, null).body);
}

export function fail(p: Answering, status: number, message: string, code?: string): HttpResponse {
  const { body } = errorParts(p.headers, status, message, code);
  return respond(p, status, body);
}

/**
 * A 200 body as the real service sends it: revalidate-always caching, the ETag, 304 on a match;
 * `no-store` and no ETag when the route's ETag step found nothing to compute one from.
 */
export function sendJson(p: Answering, json: SerializedJson, tagged: boolean): HttpResponse {
  if (!tagged) {
    p.headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', json.length);
    return respond(p, 200, json.body);
  }
  p.headers.push('Cache-Control', CACHE_CONTROL, 'ETag', json.etag);
  if (matches(p.request.headers['if-none-match'], json.etag)) return respond(p, 304, undefined);
  p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', json.length);
  return respond(p, 200, json.body);
}

/** A path no route of the release serves, answered as the real service answers one (errors.ts). */
export function unknownRoute(p: Answering): HttpResponse {
  const { body } = routeNotFoundParts(p.headers, p.request.method, p.request.target);
  return respond(p, 404, body);
}

/**
 * 405 for a path the spec has under other methods: `Allow` lists them. A read-only path keeps the
 * real service's wording.
 */
export function wrongMethod(p: Answering, allow: string[]): HttpResponse {
  const allowed = [...allow, ...(allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
  p.headers.push('Allow', allowed.join(', '));
  const readOnly = allow.length === 1 && allow[0] === 'GET';
  return fail(
    p,
    405,
    readOnly
      ? `${p.request.method} is not allowed: this service is read-only (GET)`
      : `${p.request.method} is not allowed here: this path takes ${allow.join(', ')}`,
  );
}

/** The request's media type without parameters, lower-cased; '' when none was sent. */
export function mediaTypeOf(p: Answering): string {
  return (p.request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * An error the handler (or a check after the parameters' schemas) raised: the route's ETag step
 * ran first, so what it found stays (revalidate-always caching and an ETag, here the error
 * body's), else `no-store`.
 */
export function failAfterEtagStep(
  p: Answering,
  error: { status: number; message: string; code?: string },
  tagged: boolean,
): HttpResponse {
  if (!tagged) return fail(p, error.status, error.message, error.code);
  const { body } = errorParts(p.headers, error.status, error.message, error.code, CACHE_CONTROL);
  p.headers.push('ETag', etagOf(body));
  return respond(p, error.status, body);
}

/** A change's 200 (a POST): not cached and not revalidated, it happened once. */
export function sendChange(p: Answering, json: SerializedJson): HttpResponse {
  p.headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', json.length);
  return respond(p, 200, json.body);
}

/**
 * A refusal in its own server's words: a stacks-node's JSON or text, the faucet's JSON, the token
 * metadata service's, the BNS routes'. `tagged`: raised after an ETag step that found something
 * (the BNS routes' chain tip), so cached as `failAfterEtagStep` caches an error; else `no-store`.
 */
export function ownAnswer(
  p: Answering,
  result: Pick<OwnAnswer, 'own'> & { status: number },
  tagged = false,
): HttpResponse {
  const { own } = result;
  const body = new TextEncoder().encode('text' in own ? own.text : JSON.stringify(own.json));
  const type = 'text' in own ? 'text/plain; charset=utf-8' : JSON_TYPE;
  p.headers.push('Cache-Control', tagged ? CACHE_CONTROL : 'no-store');
  if (tagged) p.headers.push('ETag', etagOf(body));
  p.headers.push('Content-Type', type, 'Content-Length', String(body.length));
  return respond(p, result.status, body);
}
