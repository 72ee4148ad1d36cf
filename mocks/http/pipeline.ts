import { takesRawBytes, type Document, type Operation } from '../../spec/document.ts';
import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import type { SpecAjv } from '../../spec/schemas.ts';
import type { OperationHandler } from '../operations/handlers.ts';
import type { ChainDoor, OwnAnswer, RawBody } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { CACHE_CONTROL, JSON_TYPE, etagOf, matches, serializeJson, type SerializedJson } from './caching.ts';
import { etagFound, etagStepOf, type StepRequest } from './etag-steps.ts';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.ts';
import {
  deprecationHeaders,
  goneBody,
  isGone,
  successorLink,
  type DeprecationSettings,
} from './deprecation.ts';
import { errorParts, loggableError, routeNotFoundParts, unexpectedError } from './errors.ts';
import { requestHeader, type ApiRequest, type ApiResponse } from './exchange.ts';
import { keyVerdict, type KeyVerdict } from './keys.ts';
import { parseQuery } from '../../spec/request/query-string.ts';
import { rateLimitMessage, type RateLimiter } from './rate-limit.ts';
import { ResponseCache, type CachedAnswer } from './response-cache.ts';
import { isWrongMethod, operationRouterOf, splitTarget, type Routed } from '../../spec/request/routing.ts';
import {
  forcedHeaders,
  forcedMessage,
  injectsFault,
  scenarioOf,
  type ScenarioSettings,
} from './scenarios.ts';
import { urlTooLong } from './url-limit.ts';
import {
  isRequestError,
  requestValidator,
  type RequestValidator,
  type ValidatedRequest,
} from '../../spec/request/validate.ts';
import { BodyError, readJsonBody, readRawBody } from './body.ts';

/** The API's answer to a request: now, or after a delay the scenarios asked for. */
export type ApiPipeline = (request: ApiRequest) => ApiResponse | Promise<ApiResponse>;

export interface PipelineSettings {
  doc: Document;
  /** The spec's operations the release serves, as it serves them (`servedBy`, `operationAsOf`). */
  ops: Operation[];
  release: ReleaseProfile;
  deprecation: DeprecationSettings;
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

/** An operation as the pipeline serves it: validation compiled, the deprecation warning written once. */
export interface OperationRoute {
  path: string;
  method: string;
  op: Operation;
  handler: OperationHandler;
  validate: RequestValidator;
  /** `Warning` (and `Deprecation` when asked) on a deprecated operation's answers; empty otherwise. */
  warning: readonly string[];
  /** Answered 410 Gone, as the release does once its deprecated routes are disabled. */
  gone: boolean;
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
function dropApiVersion(headers: string[]): void {
  const at = headers.indexOf('X-API-Version');
  if (at >= 0) headers.splice(at, 2);
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

/**
 * A 200 body as the real service sends it: revalidate-always caching, the ETag, 304 on a match;
 * `no-store` and no ETag when the route's ETag step found nothing to compute one from.
 */
function sendJson(p: Passage, json: SerializedJson, tagged: boolean): ApiResponse {
  if (!tagged) {
    p.headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', json.length);
    return respond(p, 200, json.body);
  }
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
 * (410 at a rehearsed sunset) → scenarios (`Prefer`, latency, faults) → the cached answer → validation (400) → the
 * operation's handler (200 or 404), whose 200 is serialized once per version of the world.
 */
export function createApiPipeline(settings: PipelineSettings): ApiPipeline {
  const { doc, ops, release, deprecation, handlers, queries, specAjv, limiter, scenario, cache, door, log } =
    settings;
  const routes: OperationRoute[] = ops.map((op) => ({
    path: op.path,
    method: op.method,
    op,
    handler: handlers[op.operationId] as OperationHandler,
    validate: requestValidator(op, doc, specAjv),
    warning: deprecationHeaders(op, release, deprecation.headers),
    gone: isGone(op, deprecation.gone),
  }));
  const gone = serializeJson(goneBody(release));
  // How a cached URL is routed: by its entry, to one shared record per operation (no parameters needed).
  const byId = new Map(
    routes.map((r) => [r.op.operationId, { route: r, params: {} } as Routed<OperationRoute>]),
  );
  const route = operationRouterOf(routes);
  const leading = serviceHeaders(release);
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
      let found: ReturnType<typeof route>;
      try {
        found = route(p.request.method, target.pathname);
      } catch (err) {
        const { status, message } = unexpectedError(err);
        return fail(p, status, message);
      }
      if (!found) return unknownRoute(p);
      if (!isWrongMethod(found)) {
        p.routed = found;
        return undefined;
      }
      return wrongMethod(p, found.allow);
    },
    (p) => {
      const { route: served } = p.routed as Routed<OperationRoute>;
      p.headers.push(...served.warning);
      if (served.warning.length && deprecation.headers) {
        // A route found by its cached answer has no parameters: the link needs them.
        const found = route(p.request.method, splitTarget(p.request.url).pathname);
        const link = successorLink(served.op, found && !isWrongMethod(found) ? found.params : {});
        if (link) p.headers.push('Link', link);
      }
      if (!served.gone) return undefined;
      dropApiVersion(p.headers);
      p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', gone.length);
      return respond(p, 410, gone.body);
    },
    (p) => {
      const prefer = requestHeader(p.request, 'prefer');
      if (prefer === undefined && scenario.latencyMs === 0 && scenario.faultRate === 0) return undefined;
      const { op } = (p.routed as Routed<OperationRoute>).route;
      const chosen = scenarioOf(op, prefer, scenario);
      if (chosen.ignored !== undefined) p.headers.push('x-mock-prefer-ignored', chosen.ignored);
      const proceed = (): ApiResponse | undefined => {
        if (chosen.code !== undefined) {
          forcedHeaders(p.headers, chosen.code);
          // A deprecated operation's documented 410 is the sunset's own answer, not the shared error.
          if (chosen.code === 410 && op.responses['410']) {
            p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', gone.length);
            return respond(p, 410, gone.body);
          }
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
      const hit = p.hit ?? cache.get(p.request.url);
      return hit?.operationId === (p.routed as Routed<OperationRoute>).route.op.operationId
        ? sendJson(p, hit, hit.tagged)
        : undefined;
    },
    (p) => {
      if (p.pathname === '') {
        // Routed by a cached answer that went before the chain moved: read the target now.
        const target = splitTarget(p.request.url);
        p.pathname = target.pathname;
        p.query = target.query;
        const again = route(p.request.method, target.pathname);
        if (again && !isWrongMethod(again)) p.routed = again;
      }
      const { route: served, params } = p.routed as Routed<OperationRoute>;
      const query = parseQuery(p.query);
      const takes = served.op.requestBody;
      const sent = { path: params, query };
      if (!takes || isRead(p.request.method))
        return answerWith(p, served, sent, served.validate(params, query));
      const refused = (err: unknown): ApiResponse => {
        if (err instanceof BodyError) return fail(p, err.status, err.message);
        throw err;
      };
      // An operation that takes raw bytes decodes its forms itself, as a stacks-node decides by Content-Type.
      if (takesRawBytes(takes))
        return readRawBody(p.request, takes.maxBytes).then(
          (bytes) =>
            answerWith(p, served, sent, served.validate(params, query), { bytes, type: mediaTypeOf(p) }),
          refused,
        );
      return readJsonBody(p.request, takes.maxBytes).then(
        (body) => answerWith(p, served, sent, served.validate(params, query, body)),
        refused,
      );
    },
  ];

  /**
   * The handler's answer to a validated request, with the caching headers the route's ETag step
   * gives it; a read's 200 is kept in the response cache. `sent`: the parameters as sent, which
   * the ETag step reads when validation refused them after their schemas passed.
   */
  const answerWith = (
    p: Passage,
    served: OperationRoute,
    sent: StepRequest,
    request: ValidatedRequest | ReturnType<RequestValidator>,
    raw?: RawBody,
  ): ApiResponse => {
    if (isRequestError(request) && request.code === 'FST_ERR_VALIDATION') {
      // Refused before the route's hooks: neither X-API-Version nor any Cache-Control.
      dropApiVersion(p.headers);
      return respond(p, 400, errorParts(p.headers, 400, request.message, request.code, null).body);
    }
    // The route's ETag step runs before its handler: what it finds goes on any answer but a change.
    const values = isRequestError(request) ? sent : request;
    const tagged = etagFound(etagStepOf(served.op.operationId, release, values), values, queries);
    const result = isRequestError(request)
      ? request
      : served.handler.answer({ queries, release, ...request, ...(raw && { raw }), door });
    if ('own' in result) return ownAnswer(p, result);
    if (result.status !== 200) return failAfterEtagStep(p, result, tagged && isRead(p.request.method));
    const json = serializeJson(result.body);
    if (!isRead(p.request.method)) return sendChange(p, json);
    cache.set(p.request.url, { ...json, operationId: served.op.operationId, tagged } satisfies CachedAnswer);
    return sendJson(p, json, tagged);
  };

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

/** A path no route of the release serves, answered as the real service answers one (errors.ts). */
function unknownRoute(p: Passage): ApiResponse {
  const { body } = routeNotFoundParts(p.headers, p.request.method, p.request.url);
  return respond(p, 404, body);
}

/**
 * 405 for a path the spec has under other methods: `Allow` lists them. A read-only path keeps the
 * real service's wording.
 */
function wrongMethod(p: Passage, allow: string[]): ApiResponse {
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
function mediaTypeOf(p: Passage): string {
  return (requestHeader(p.request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * An error the handler (or a check after the parameters' schemas) raised: the route's ETag step
 * ran first, so what it found stays (revalidate-always caching and an ETag, here the error
 * body's), else `no-store`.
 */
function failAfterEtagStep(
  p: Passage,
  error: { status: number; message: string; code?: string },
  tagged: boolean,
): ApiResponse {
  if (!tagged) return fail(p, error.status, error.message, error.code);
  const { body } = errorParts(p.headers, error.status, error.message, error.code, CACHE_CONTROL);
  p.headers.push('ETag', etagOf(body));
  return respond(p, error.status, body);
}

/** A change's 200 (a POST): not cached and not revalidated, it happened once. */
function sendChange(p: Passage, json: SerializedJson): ApiResponse {
  p.headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', json.length);
  return respond(p, 200, json.body);
}

/** A refusal in its own server's words: a stacks-node's JSON or text, the faucet's JSON. */
function ownAnswer(p: Passage, result: OwnAnswer): ApiResponse {
  const { own } = result;
  const body = new TextEncoder().encode('text' in own ? own.text : JSON.stringify(own.json));
  const type = 'text' in own ? 'text/plain; charset=utf-8' : JSON_TYPE;
  p.headers.push('Cache-Control', 'no-store', 'Content-Type', type, 'Content-Length', String(body.length));
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
