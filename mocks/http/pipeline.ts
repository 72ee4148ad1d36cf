import { takesRawBytes, type Document, type Operation } from '../../spec/document.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import type { SpecAjv } from '../../spec/schemas.ts';
import type { OperationHandler } from '../operations/types.ts';
import type { ChainDoor, RawBody } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { encodeJson, JSON_TYPE, serializeJson } from './caching.ts';
import {
  dropApiVersion,
  fail,
  failAfterEtagStep,
  mediaTypeOf,
  ownAnswer,
  preflight,
  refuseRequest,
  respond,
  sendChange,
  sendJson,
  serviceHeaders,
  unknownRoute,
  wrongMethod,
} from './answer-writing.ts';
import { etagFound, etagStepOf, type StepRequest } from './etag-steps.ts';
import {
  deprecationHeaders,
  goneBody,
  isGone,
  successorLink,
  type DeprecationSettings,
} from './deprecation.ts';
import { loggableError, routeNotFound, unexpectedError } from './errors.ts';
import { keyVerdict, type KeyVerdict } from './keys.ts';
import { parseQuery } from '../../spec/request/query-string.ts';
import { rateLimitMessage, type RateLimiter } from './rate-limit.ts';
import { ResponseCache, type CachedAnswer } from './response-cache.ts';
import { isWrongMethod, operationRouterOf, splitTarget, type Routed } from '../../spec/request/routing.ts';
import {
  forcedHeaders,
  forcedMessage,
  forcedOwnBody,
  forcedText,
  injectsFault,
  scenarioOf,
  type ScenarioSettings,
} from './scenarios.ts';
import { urlTooLong } from './url-limit.ts';
import { isOwnPath, ownPath, ownQueryCheck, type OwnRoutes } from './own-routes.ts';
import type { Preferences } from './preferences.ts';
import {
  isRequestError,
  PartRefusal,
  requestValidator,
  type RequestError,
  type RequestValidator,
  type ValidatedRequest,
} from '../../spec/request/validate.ts';
import { BodyError, readJsonBody, readRawBody } from './body.ts';

/** The API's answer to a request: now, or after a delay the scenarios asked for. */
export type ApiPipeline = (request: ServerRequest) => HttpResponse | Promise<HttpResponse>;

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
  /** What `prefer()` asked for: a request without `Prefer` is answered as if it sent the first that applies. */
  preferences: Preferences;
  cache: ResponseCache;
  /** What a POST changes: the living chain. */
  door: ChainDoor;
  /** The mock's own routes (the spec's files, the catalogue, the home page, the control plane). */
  own: OwnRoutes;
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

/** One request on its way through the phases: the headers set so far, and what the phases found. */
interface Passage {
  readonly request: ServerRequest;
  readonly headers: string[];
  key: string | undefined;
  /** The request's path, and the query after `?`, split once ('' until the route phase splits them). */
  pathname: string;
  query: string;
}

/** The request once the route phase has found its operation. */
interface RoutedPassage extends Passage {
  routed: Routed<OperationRoute>;
  /** The cached answer the route phase found, until a delay may have made it stale. */
  hit: CachedAnswer | undefined;
}

/** The request, routed (every field written out: a literal is quicker than a spread on the hot path). */
function routedAs(p: Passage, routed: Routed<OperationRoute>, hit: CachedAnswer | undefined): RoutedPassage {
  return {
    request: p.request,
    headers: p.headers,
    key: p.key,
    pathname: p.pathname,
    query: p.query,
    routed,
    hit,
  };
}

/** What a phase does with the request: answers it (now, or later), or lets it go on (undefined). */
type Verdict = HttpResponse | Promise<HttpResponse | undefined> | undefined;

/** The phases of a request's life, in order (as Fastify names its lifecycle's hooks). */
type PhaseName =
  | 'url-limit'
  | 'cors'
  | 'api-key'
  | 'rate-limit'
  | 'route'
  | 'deprecation'
  | 'scenarios'
  | 'cached'
  | 'handler';

/**
 * One named phase over the passage it takes: before the route (`Passage`; these answer at once)
 * or after it (`RoutedPassage`; these may answer later).
 */
interface Phase<P extends Passage, V = Verdict> {
  readonly name: PhaseName;
  /**
   * Run for the API's paths only: the key and the rate limit are the real service's gateway's,
   * which the mock's own paths (its spec, its catalogue, its page, its control plane) are not behind.
   */
  readonly apiOnly?: true;
  readonly run: (p: P) => V;
}

/**
 * The API as named phases over a `ServerRequest`, giving an `HttpResponse` whose raw headers are
 * what goes on the wire; the HTTP server (mocks/http/node/serve.ts) and MSW (msw/) both run it,
 * so both answer the same bytes.
 * In order: URL length (414) → CORS (a preflight is answered here) → the service's headers →
 * API key (401, 403) → rate limit (its headers, 429) → route (404, 405) → deprecation `Warning`
 * (410 at a rehearsed sunset) → scenarios (`Prefer`, latency, faults) → the cached answer → validation (400) → the
 * operation's handler (200 or 404), whose 200 is serialized once per version of the world.
 */
export function createApiPipeline(settings: PipelineSettings): ApiPipeline {
  const { doc, ops, release, deprecation, handlers, queries, specAjv, limiter, preferences, scenario } =
    settings;
  const { cache, door, log } = settings;
  const routes: OperationRoute[] = ops.map((op) => ({
    path: op.path,
    method: op.method,
    op,
    handler: handlerOf(handlers, op),
    validate: requestValidator(op, doc, specAjv),
    warning: deprecationHeaders(op, release, deprecation.headers),
    gone: isGone(op, deprecation.gone),
  }));
  const gone = encodeJson(goneBody(release));
  // How a cached URL is routed: by its entry, to one shared record per operation (no parameters needed).
  const byId = new Map(
    routes.map((r): [string, Routed<OperationRoute>] => [r.op.operationId, { route: r, params: {} }]),
  );
  const route = operationRouterOf(routes);
  const leading = serviceHeaders(release);
  const keys = keyVerdict(settings.keys, settings.requireKey);

  const beforeRoute: readonly Phase<Passage, HttpResponse | undefined>[] = [
    {
      name: 'url-limit',
      run: (p) => {
        const tooLong = urlTooLong(p.request.target);
        return tooLong === undefined ? undefined : fail(p, 414, tooLong);
      },
    },
    {
      name: 'cors',
      run: (p) => (p.request.method === 'OPTIONS' ? preflight(p.request) : void p.headers.push(...leading)),
    },
    {
      name: 'api-key',
      apiOnly: true,
      run: (p) => {
        const verdict: KeyVerdict = keys(p.request.headers['x-api-key']);
        if ('status' in verdict) return fail(p, verdict.status, verdict.message);
        p.key = verdict.key;
        return undefined;
      },
    },
    {
      name: 'rate-limit',
      apiOnly: true,
      run: (p) => {
        const kind = p.key === undefined ? 'anonymous' : 'keyed';
        const decision = limiter.take(kind, p.key ?? p.request.ip ?? 'unknown');
        if (!decision) return undefined;
        p.headers.push(...decision.headers);
        if (!decision.refused) return undefined;
        p.headers.push('retry-after', String(decision.reset));
        return fail(p, 429, rateLimitMessage(limiter, kind));
      },
    },
  ];

  const ownQuery = ownQueryCheck(doc, specAjv);

  /**
   * An own path's route and its answer: a path the mock does not have (or a read's path asked with
   * another method) is 404 in the error body, a bad query the API's 400; an error, the error body
   * after the service headers only.
   */
  const ownRoute = (p: Passage): HttpResponse | Promise<HttpResponse> => {
    const failed = (err: unknown): HttpResponse => {
      p.headers.splice(0, p.headers.length, ...leading);
      return unexpected(p, err);
    };
    try {
      const found = settings.own.get(ownPath(p.request.target));
      if (!found || (found.methods === 'read' && !isRead(p.request.method)))
        return fail(p, 404, routeNotFound(p.request.method, splitTarget(p.request.target).pathname));
      const query = ownQuery(found, p.request.target);
      if (query instanceof PartRefusal) return refuseRequest(p, query);
      const answer = found.answer(p.request, p.headers, query);
      return answer instanceof Promise ? answer.catch(failed) : answer;
    } catch (err) {
      return failed(err);
    }
  };

  /** The operation the request goes to (404, 405 otherwise); a URL with a cached answer is routed by its entry. */
  const routePhase: Phase<Passage, HttpResponse | RoutedPassage> = {
    name: 'route',
    run: (p) => {
      const hit = isRead(p.request.method) ? cache.get(p.request.target) : undefined;
      const cached = hit && byId.get(hit.operationId);
      if (cached) return routedAs(p, cached, hit);
      const target = splitTarget(p.request.target);
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
      if (isWrongMethod(found)) return wrongMethod(p, found.allow);
      return routedAs(p, found, undefined);
    },
  };

  const afterRoute: readonly Phase<RoutedPassage>[] = [
    {
      name: 'deprecation',
      run: (p) => {
        const { route: served } = p.routed;
        p.headers.push(...served.warning);
        if (served.warning.length && deprecation.headers) {
          // A route found by its cached answer has no parameters: the link needs them.
          const found = route(p.request.method, splitTarget(p.request.target).pathname);
          const link = successorLink(served.op, found && !isWrongMethod(found) ? found.params : {});
          if (link) p.headers.push('Link', link);
        }
        if (!served.gone) return undefined;
        dropApiVersion(p.headers);
        p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', gone.length);
        return respond(p, 410, gone.body);
      },
    },
    {
      name: 'scenarios',
      run: (p) => {
        const { op } = p.routed.route;
        let prefer = p.request.headers.prefer;
        if (prefer === undefined && !preferences.isEmpty()) prefer = preferences.take(op.operationId);
        if (prefer === undefined && scenario.latencyMs === 0 && scenario.faultRate === 0) return undefined;
        const chosen = scenarioOf(op, prefer, scenario);
        if (chosen.ignored !== undefined) p.headers.push('x-mock-prefer-ignored', chosen.ignored);
        const proceed = (): HttpResponse | undefined => {
          if (chosen.code !== undefined) {
            forcedHeaders(p.headers, chosen.code);
            // A deprecated operation's documented 410 is the sunset's own answer, not the shared error.
            if (chosen.code === 410 && op.responses['410']) {
              p.headers.push('Content-Type', JSON_TYPE, 'Content-Length', gone.length);
              return respond(p, 410, gone.body);
            }
            const ownBody = forcedOwnBody(op, chosen.code);
            if (ownBody !== undefined) return ownAnswer(p, { status: chosen.code, own: { json: ownBody } });
            // A status documented as its own server's text only (a stacks-node's 404) is written so.
            const text = forcedText(op, chosen.code);
            if (text !== undefined) return ownAnswer(p, { status: chosen.code, own: { text } });
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
    },
    {
      name: 'cached',
      run: (p) => {
        const hit = p.hit ?? cache.get(p.request.target);
        return hit?.operationId === p.routed.route.op.operationId ? sendJson(p, hit, hit.tagged) : undefined;
      },
    },
    {
      name: 'handler',
      run: (p) => {
        if (p.pathname === '') {
          // Routed by a cached answer that went before the chain moved: read the target now.
          const target = splitTarget(p.request.target);
          p.pathname = target.pathname;
          p.query = target.query;
          const again = route(p.request.method, target.pathname);
          if (again && !isWrongMethod(again)) p.routed = again;
        }
        const { route: served, params } = p.routed;
        const query = parseQuery(p.query);
        const takes = served.op.requestBody;
        const sent = { path: params, query };
        if (!takes || isRead(p.request.method))
          return answerWith(p, served, sent, served.validate(params, query));
        const refused = (err: unknown): HttpResponse => {
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
        const takesString = (takes.schema as { type?: unknown }).type === 'string';
        return readJsonBody(p.request, takes.maxBytes, takesString).then(
          (body) => answerWith(p, served, sent, served.validate(params, query, body)),
          refused,
        );
      },
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
  ): HttpResponse | Promise<HttpResponse> => {
    if (isRequestError(request) && request.code === 'FST_ERR_VALIDATION') return refuseRequest(p, request);
    // The route's ETag step runs before its handler: what it finds goes on any answer but a change.
    const values = isRequestError(request) ? sent : request;
    const tagged = etagFound(etagStepOf(served.op, values), values, queries);
    const result = isRequestError(request)
      ? request
      : served.handler.answer({ queries, release, ...request, ...(raw && { raw }), door });
    // A handler that runs Clarity answers once the engine is ready.
    if (result instanceof Promise)
      return result.then(
        (later) => written(p, served, later, tagged),
        (err: unknown) => unexpected(p, err),
      );
    return written(p, served, result, tagged);
  };

  /** The handler's answer written: its own words, an error after the ETag step, or a 200 (a read's cached). */
  const written = (
    p: Passage,
    served: OperationRoute,
    result: Awaited<ReturnType<OperationHandler['answer']>> | RequestError,
    tagged: boolean,
  ): HttpResponse => {
    // The BNS routes' 404 is the Stacks API's own, after its chain-tip step: cached as its other errors.
    if ('own' in result)
      return ownAnswer(p, result, tagged && isRead(p.request.method) && served.op.errorBody === 'bns');
    if (result.status !== 200) return failAfterEtagStep(p, result, tagged && isRead(p.request.method));
    const json = serializeJson(result.body);
    if (!isRead(p.request.method)) return sendChange(p, json);
    cache.set(p.request.target, {
      ...json,
      operationId: served.op.operationId,
      tagged,
    } satisfies CachedAnswer);
    return sendJson(p, json, tagged);
  };

  /** The phases after the route, from `from` on; a phase's promise (a delay) resumes at the one after it. */
  const runRouted = (p: RoutedPassage, from: number): HttpResponse | Promise<HttpResponse> => {
    try {
      for (let i = from; i < afterRoute.length; i++) {
        const verdict = afterRoute[i]?.run(p);
        if (verdict === undefined) continue;
        if (verdict instanceof Promise)
          return verdict.then(
            (later) => later ?? runRouted(p, i + 1),
            (err: unknown) => unexpected(p, err),
          );
        return verdict;
      }
      return unexpected(p, new Error('no phase answered'));
    } catch (err) {
      return unexpected(p, err);
    }
  };
  const unexpected = (p: Passage, err: unknown): HttpResponse => {
    const { status, message } = unexpectedError(err);
    if (status === 500) log(`internal error: ${loggableError(err)}`);
    return fail(p, status, message);
  };
  return (request) => {
    const p: Passage = { request, headers: [], key: undefined, pathname: '', query: '' };
    const own = isOwnPath(request.target);
    try {
      for (const phase of beforeRoute) {
        if (own && phase.apiOnly) continue;
        const answer = phase.run(p);
        if (answer !== undefined) return answer;
      }
      if (own) return ownRoute(p);
      const routed = routePhase.run(p);
      return 'status' in routed ? routed : runRouted(routed, 0);
    } catch (err) {
      return unexpected(p, err);
    }
  };
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The operation's handler (checkHandlers has made sure there is one). */
function handlerOf(handlers: Record<string, OperationHandler>, op: Operation): OperationHandler {
  const handler = handlers[op.operationId];
  if (!handler) throw new Error(`operation ${op.operationId} has no handler`);
  return handler;
}
