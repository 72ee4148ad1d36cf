import type { Document, Operation } from '../spec/document.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { operationPaths, urlBuilder } from '../spec/request/url.ts';
import { controlPlane } from './control/control-plane.ts';
import type { LiveChain } from './control/live-chain.ts';
import type { Preferences } from './http/preferences.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { loggableError, routeNotFound, unexpectedError } from './http/errors.ts';
import { contentAnswer, errorAnswer } from './http/own-answer.ts';
import { preflight } from './http/answer-writing.ts';
import { splitTarget } from '../spec/request/routing.ts';
import { urlTooLong } from './http/url-limit.ts';
import type { MockOptions } from './options.ts';
import { perVersion } from './query/version-memo.ts';
import { rootLinks } from './root-links.ts';
import { LIVE_PATH, liveState } from './ui/live-state.ts';
import type { RequestFeed } from './ui/request-feed.ts';
import { WORLD_SCHEMA } from './world/declared/world-file.ts';
import type { OwnPage } from './ui/ui-pages.ts';
import { applySpecEdits, publishedSpecEdits, type SpecEdit } from './published-spec.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const YAML_TYPE = 'application/yaml; charset=utf-8';

/** What only Node has: the two specs' YAML text, and the home page with its files (mocks/ui/ui-pages.ts). */
export interface OwnFiles {
  /** The spec's YAML text with the published document's edits (published-spec.ts). */
  specYaml(edits: readonly SpecEdit[]): string;
  controlYaml(): string;
  pages: OwnPage;
}

/** What the mock's own paths serve from: the parts of the mock that the API's pipeline shares. */
export interface OwnPathsContext {
  options: Pick<MockOptions, 'host' | 'controlToken' | 'apiVersion'>;
  doc: Document;
  /** The operations the release serves, each as it serves it (operationsOf). */
  ops: Operation[];
  /** The control plane's spec: its routes and its bodies' schemas. */
  controlDoc: Document;
  live: LiveChain;
  /** What `/_mock/prefer` and `/_mock/rate-limits` change: the API pipeline's. */
  preferences: Preferences;
  limiter: RateLimiter;
  feed: RequestFeed;
  /** The headers every answer starts with (CORS, the API's version), as the API's pipeline sends them. */
  leading: readonly string[];
  log: (line: string) => void;
  /** Absent in a browser, where MSW serves the API only. */
  files: OwnFiles | undefined;
}

/**
 * The mock's own paths, which are not the API's: `/` (the home page or the JSON links), the
 * spec, and everything under `/_mock/` (the world's catalogue, the control plane, the page's
 * files). Case and a trailing slash do not matter, as for the API's routes.
 */
export function isOwnPath(url: string): boolean {
  // The API's paths all start /extended: the common case is told by one character.
  const second = url.charCodeAt(1);
  if (second === 101 || second === 69) return false;
  const path = ownPath(url);
  return path === '/' || path === '/openapi.yaml' || path === '/openapi.json' || path.startsWith('/_mock/');
}

/** A request target's path as the own paths are matched: lower case, without a trailing slash. */
function ownPath(url: string): string {
  const path = splitTarget(url).pathname.toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Whether a request is the home page's polling, which the request log leaves out. */
export function isLivePoll(url: string): boolean {
  return ownPath(url) === LIVE_PATH;
}

/**
 * The mock's own paths, framework-free, in the order a request travels there: the URL limit,
 * the preflight and the service headers (as the API's pipeline) → the spec, the world's
 * catalogue and schema, the home page and its files, the links at /, the control plane → 404,
 * and the error body for anything that went wrong.
 */
export function ownPaths(
  ctx: OwnPathsContext,
): (request: ServerRequest) => HttpResponse | Promise<HttpResponse> {
  const { doc, ops, live, feed, leading, log, files } = ctx;
  const queries = live.queries;
  // The document as the release answers (published-spec.ts), built on the first request for it.
  const edits = publishedSpecEdits(doc, ctx.options.apiVersion, ops);
  let specJson: string | undefined;
  let specYaml: string | undefined;
  const catalogue = perVersion(queries, () => JSON.stringify(queries.catalogue()));
  const urlFor = urlBuilder(operationPaths(doc));
  const links = perVersion(queries, () => JSON.stringify(rootLinks(queries, ops, urlFor)));
  const worldSchema = JSON.stringify(WORLD_SCHEMA);
  const control = controlPlane({ live, preferences: ctx.preferences, limiter: ctx.limiter }, ctx.controlDoc, {
    host: ctx.options.host,
    token: ctx.options.controlToken,
  });
  const polled = liveState(live, feed);

  const reads: Record<string, (request: ServerRequest, headers: string[]) => HttpResponse> = {
    '/openapi.json': (r, h) =>
      contentAnswer(r, h, 200, JSON_TYPE, (specJson ??= JSON.stringify(applySpecEdits(doc, edits)))),
    '/_mock/world': (r, h) => contentAnswer(r, h, 200, JSON_TYPE, catalogue()),
    '/_mock/world.schema.json': (r, h) =>
      contentAnswer(r, h, 200, 'application/schema+json; charset=utf-8', worldSchema),
    [LIVE_PATH]: polled,
    ...(files
      ? {
          '/openapi.yaml': (r: ServerRequest, h: string[]) =>
            contentAnswer(r, h, 200, YAML_TYPE, (specYaml ??= files.specYaml(edits))),
          '/_mock/openapi.yaml': (r: ServerRequest, h: string[]) =>
            contentAnswer(r, h, 200, YAML_TYPE, files.controlYaml()),
        }
      : {}),
  };

  const route = (request: ServerRequest, headers: string[]): HttpResponse | Promise<HttpResponse> => {
    const path = ownPath(request.target);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const read = isRead ? reads[path] : undefined;
    if (read) return read(request, headers);
    const page = files?.pages(request, path, headers);
    if (page) return page;
    if (isRead && path === '/') return contentAnswer(request, headers, 200, JSON_TYPE, links());
    const called = control(request, splitTarget(request.target).pathname, headers);
    if (called) return called;
    return errorAnswer(
      request,
      headers,
      404,
      routeNotFound(request.method, splitTarget(request.target).pathname),
    );
  };

  const failed = (request: ServerRequest, err: unknown): HttpResponse => {
    const { status, message } = unexpectedError(err);
    if (status === 500) log(`internal error: ${loggableError(err)}`);
    return errorAnswer(request, [...leading], status, message);
  };

  return (request) => {
    const tooLong = urlTooLong(request.target);
    if (tooLong !== undefined) return errorAnswer(request, [], 414, tooLong);
    if (request.method === 'OPTIONS') return preflight(request);
    try {
      const answer = route(request, [...leading]);
      return answer instanceof Promise ? answer.catch((err: unknown) => failed(request, err)) : answer;
    } catch (err) {
      return failed(request, err);
    }
  };
}
