import type { Document, Operation } from '../../spec/document.ts';
import type { SpecAjv } from '../../spec/schemas.ts';
import type { OperationHandler } from '../operations/handlers.ts';
import type { ChainDoor, OwnAnswer, RequestBody } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { CACHE_CONTROL, JSON_TYPE, matches, serializeJson, type SerializedJson } from './caching.ts';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.ts';
import { deprecationWarning } from './deprecation.ts';
import { errorParts, loggableError, routeNotFound, unexpectedError } from './errors.ts';
import { requestHeader, type ApiRequest, type ApiResponse } from './exchange.ts';
import { keyVerdict, type KeyVerdict } from './keys.ts';
import { parseQuery } from './query-string.ts';
import { rateLimitMessage, type RateLimiter } from './rate-limit.ts';
import { ResponseCache, type CachedAnswer } from './response-cache.ts';
import { routerOf, splitTarget, type Routed } from './routing.ts';
import {
  forcedHeaders,
  forcedMessage,
  injectsFault,
  scenarioOf,
  type ScenarioSettings,
} from './scenarios.ts';
import { urlTooLong } from './url-limit.ts';
import { isRequestError, requestValidator, type RequestValidator } from './validate.ts';

/** The API's answer to a request: now, or after a delay the scenarios asked for. */
export type ApiPipeline = (request: ApiRequest) => ApiResponse | Promise<ApiResponse>;

export interface PipelineSettings {
  doc: Document;
  ops: Operation[];
  handlers: Record<string, OperationHandler>;
  queries: WorldQueries;
  specAjv: SpecAjv;
  keys: string[];
  requireKey: boolean;
  limiter: RateLimiter;
  scenario: ScenarioSettings;
  cache: ResponseCache;
  /** What a POST changes: the living chain. */
  door: ChainDoor;
  /** Where an unexpected error's one line goes. */
  log: (line: string) => void;
}

/** The largest request body a POST may send (a transaction is at most 2 MB on chain; a wallet's is far smaller). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** An operation as the pipeline serves it: validation compiled, the deprecation warning written once. */
export interface OperationRoute {
  path: string;
  op: Operation;
  handler: OperationHandler;
  validate: RequestValidator;
  /** `Warning` and its text on a deprecated operation's answers; empty otherwise. */
  warning: readonly string[];
}

/** One request on its way through the stages: the headers set so far, and what the stages found. */
interface Passage {
  readonly request: ApiRequest;
  readonly headers: string[];
  key: string | undefined;
  routed: Routed<OperationRoute> | undefined;
  /** The cached answer the route stage found, until a delay may have made it stale. */
  hit: CachedAnswer | undefined;
  /** The request's path, and the query after `?`, split once. */
  pathname: string;
  query: string;
}

/** A stage answers (now or later), or lets the request go on (undefined). */
type Stage = (p: Passage) => ApiResponse | Promise<ApiResponse | undefined> | undefined;

/** The headers every answer starts with: CORS, then the API's version. */
export function serviceHeaders(doc: Document): readonly string[] {
  return [...CORS_HEADERS, 'X-API-Version', doc.info.version];
}

/** The answer to a preflight (`OPTIONS`, any path): 204 with what a browser may send. */
export function preflight(): ApiResponse {
  return { status: 204, headers: [...CORS_HEADERS, ...PREFLIGHT_HEADERS], body: undefined };
}

/** Mirrors a response the way a client receives it: HEAD gets the headers only. */
function respond(p: Passage, status: number, body: Uint8Array | undefined): ApiResponse {
  return { status, headers: p.headers, body: p.request.method === 'HEAD' ? undefined : body };
}

function fail(p: Passage, status: number, message: string, code?: string): ApiResponse {
  const { body } = errorParts(p.headers, status, message, code);
  return respond(p, status, body);
}

/** A 200 body as the real service sends it: revalidate-always caching, the ETag, 304 on a match. */
function sendJson(p: Passage, json: SerializedJson): ApiResponse {
  p.headers.push('Cache-Control', CACHE_CONTROL, 'ETag', json.etag);
  if (matches(requestHeader(p.request, 'if-none-match'), json.etag)) return respond(p, 304, undefined);
  p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', json.length);
  return respond(p, 200, json.body);
}

/**
 * The API as one list of stages over a plain request, giving a plain response; the HTTP
 * server (mocks/http/node/serve.ts) and MSW (msw/) both run it, so both answer the same bytes.
 * In order: URL length (414) → CORS (a preflight is answered here) → the service's headers →
 * API key (401, 403) → rate limit (its headers, 429) → route (404, 405) → deprecation `Warning`
 * → scenarios (`Prefer`, latency, faults) → the cached answer → validation (400) → the
 * operation's handler (200 or 404), whose 200 is serialized once per version of the world.
 */
export function createApiPipeline(settings: PipelineSettings): ApiPipeline {
  const { doc, ops, handlers, queries, specAjv, limiter, scenario, cache, door, log } = settings;
  checkHandlers(ops, handlers);
  const known = new Set(ops.map((o) => o.operationId));
  const routes: OperationRoute[] = ops.map((op) => ({
    path: op.path,
    op,
    handler: handlers[op.operationId] as OperationHandler,
    validate: requestValidator(op, doc, specAjv),
    warning: op.deprecated ? ['Warning', deprecationWarning(op, known)] : [],
  }));
  // How a cached URL is routed: by its entry, to one shared record per operation (no parameters needed).
  const byId = new Map(
    routes.map((r) => [r.op.operationId, { route: r, params: {} } as Routed<OperationRoute>]),
  );
  const route = routerOf(routes);
  const leading = serviceHeaders(doc);
  const keys = keyVerdict(settings.keys, settings.requireKey);

  const stages: Stage[] = [
    (p) => {
      const tooLong = urlTooLong(p.request.url);
      return tooLong === undefined ? undefined : fail(p, 414, tooLong);
    },
    (p) => (p.request.method === 'OPTIONS' ? preflight() : void p.headers.push(...leading)),
    (p) => {
      const verdict: KeyVerdict = keys(requestHeader(p.request, 'x-api-key'));
      if ('status' in verdict) return fail(p, verdict.status, verdict.message);
      p.key = verdict.key;
      return undefined;
    },
    (p) => {
      const kind = p.key === undefined ? 'anonymous' : 'keyed';
      const decision = limiter.take(kind, p.key ?? p.request.ip ?? 'unknown');
      if (!decision) return undefined;
      p.headers.push(...decision.headers);
      if (!decision.refused) return undefined;
      p.headers.push('retry-after', String(decision.reset));
      return fail(p, 429, rateLimitMessage(limiter, kind));
    },
    (p) => {
      // A URL answered before routes by its cached answer, without matching the path again.
      const hit = isRead(p.request.method) ? cache.get(p.request.url) : undefined;
      if (hit) {
        p.hit = hit;
        p.routed = byId.get(hit.operationId);
        return undefined;
      }
      const target = splitTarget(p.request.url);
      p.pathname = target.pathname;
      p.query = target.query;
      try {
        p.routed = route(target.pathname);
      } catch (err) {
        const { status, message } = unexpectedError(err);
        return fail(p, status, message);
      }
      if (!p.routed) return fail(p, 404, routeNotFound(p.request.method, target.pathname));
      const posted = p.routed.route.op.method === 'post';
      if (posted ? p.request.method === 'POST' : isRead(p.request.method)) return undefined;
      p.headers.push('Allow', posted ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS');
      return fail(
        p,
        405,
        `${p.request.method} is not allowed: ${target.pathname} takes ${posted ? 'POST' : 'GET'}`,
      );
    },
    (p) => void p.headers.push(...(p.routed as Routed<OperationRoute>).route.warning),
    (p) => {
      const prefer = requestHeader(p.request, 'prefer');
      if (prefer === undefined && scenario.latencyMs === 0 && scenario.faultRate === 0) return undefined;
      const { op } = (p.routed as Routed<OperationRoute>).route;
      const chosen = scenarioOf(op, prefer, scenario);
      if (chosen.ignored !== undefined) p.headers.push('x-mock-prefer-ignored', chosen.ignored);
      const proceed = (): ApiResponse | undefined => {
        if (chosen.code !== undefined) {
          forcedHeaders(p.headers, chosen.code);
          if (chosen.code !== 304) return fail(p, chosen.code, forcedMessage(op, chosen.code));
          p.headers.push('ETag', '"forced"');
          return respond(p, 304, undefined);
        }
        return injectsFault(scenario) ? fail(p, 500, 'injected fault (--fault-rate)') : undefined;
      };
      if (chosen.delayMs <= 0) return proceed();
      p.hit = undefined;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(proceed()), chosen.delayMs);
        p.request.onClose?.(() => clearTimeout(timer));
      });
    },
    (p) => {
      if (!isRead(p.request.method)) return undefined;
      const hit = p.hit ?? cache.get(p.request.url);
      return hit?.operationId === (p.routed as Routed<OperationRoute>).route.op.operationId
        ? sendJson(p, hit)
        : undefined;
    },
    (p) => {
      if (p.pathname === '') {
        // Routed by a cached answer that went before the chain moved: read the target now.
        const target = splitTarget(p.request.url);
        p.pathname = target.pathname;
        p.query = target.query;
        p.routed = route(target.pathname) ?? p.routed;
      }
      const { route: served, params } = p.routed as Routed<OperationRoute>;
      const request = served.validate(params, parseQuery(p.query));
      if (isRequestError(request)) return fail(p, request.status, request.message, request.code);
      if (served.op.method === 'post')
        return readBody(p).then((body) =>
          'status' in body ? body : answerPost(p, served.handler.answer({ queries, ...request, body, door })),
        );
      const result = served.handler.answer({ queries, ...request, body: undefined, door });
      if ('own' in result) return ownAnswer(p, result);
      if (result.status !== 200) return fail(p, result.status, result.message, result.code);
      const json = serializeJson(result.body);
      cache.set(p.request.url, { ...json, operationId: served.op.operationId } satisfies CachedAnswer);
      return sendJson(p, json);
    },
  ];

  const run = (p: Passage, from: number): ApiResponse | Promise<ApiResponse> => {
    try {
      for (let i = from; i < stages.length; i++) {
        const answer = (stages[i] as Stage)(p);
        if (answer === undefined) continue;
        if (answer instanceof Promise)
          return answer.then(
            (later) => later ?? run(p, i + 1),
            (err: unknown) => unexpected(p, err),
          );
        return answer;
      }
      return unexpected(p, new Error('no stage answered'));
    } catch (err) {
      return unexpected(p, err);
    }
  };
  const unexpected = (p: Passage, err: unknown): ApiResponse => {
    const { status, message } = unexpectedError(err);
    if (status === 500) log(`internal error: ${loggableError(err)}`);
    return fail(p, status, message);
  };
  return (request) =>
    run(
      { request, headers: [], key: undefined, routed: undefined, hit: undefined, pathname: '', query: '' },
      0,
    );
}

/** A POST's body, at most MAX_BODY_BYTES (413 past it), with its media type; an empty one where the door has none. */
async function readBody(p: Passage): Promise<RequestBody | ApiResponse> {
  const type = (requestHeader(p.request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  try {
    const bytes = p.request.readBody ? await p.request.readBody(MAX_BODY_BYTES) : new Uint8Array();
    return { bytes, type };
  } catch (err) {
    if ((err as { status?: unknown }).status === 413)
      return fail(p, 413, `the request body is over ${MAX_BODY_BYTES} bytes`);
    throw err;
  }
}

/** A POST's answer: its 200 is not cached (it changed the chain), its refusal is its own server's. */
function answerPost(p: Passage, result: ReturnType<OperationHandler['answer']>): ApiResponse {
  if ('own' in result) return ownAnswer(p, result);
  if (result.status !== 200) return fail(p, result.status, result.message, result.code);
  const json = serializeJson(result.body);
  p.headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', json.length);
  return respond(p, 200, json.body);
}

/** A refusal in its own server's words: the node's JSON or text, the faucet's JSON. */
function ownAnswer(p: Passage, result: OwnAnswer): ApiResponse {
  const { own } = result;
  const text = 'text' in own ? own.text : JSON.stringify(own.json);
  const body = new TextEncoder().encode(text);
  p.headers.push(
    'Cache-Control',
    'no-store',
    'Content-Type',
    'text' in own ? 'text/plain; charset=utf-8' : JSON_TYPE,
    'Content-Length',
    String(body.length),
  );
  return respond(p, result.status, body);
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The spec and the handlers must name the same operations, or the mock would lie about one of them. */
export function checkHandlers(ops: Operation[], handlers: Record<string, OperationHandler>): void {
  const specIds = new Set(ops.map((o) => o.operationId));
  const missing = [...specIds].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !specIds.has(id));
  // A handler relies on validation filling in these parameters: the spec must give each a default.
  const undefaulted = ops.flatMap((op) =>
    (handlers[op.operationId]?.defaulted ?? [])
      .filter((name) => {
        const param = op.parameters.find((p) => p.in === 'query' && p.name === name);
        return !(param?.schema && typeof param.schema === 'object' && 'default' in param.schema);
      })
      .map(
        (name) =>
          `${op.operationId}'s handler relies on a default for query parameter ${name}, which the spec does not give`,
      ),
  );
  const problems = [
    ...missing.map((id) => `operation ${id} is in spec/openapi.yaml but has no handler in mocks/operations/`),
    ...extra.map((id) => `handler ${id} in mocks/operations/ has no operation in spec/openapi.yaml`),
    ...undefaulted,
  ];
  if (problems.length) throw new Error(`the mock cannot start:\n  ${problems.join('\n  ')}`);
}
