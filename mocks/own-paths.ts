import type { Document, Operation } from '../spec/document.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { operationPaths, urlBuilder } from '../spec/request/url.ts';
import { controlRoutes } from './control/control-plane.ts';
import type { LiveChain } from './control/live-chain.ts';
import type { Preferences } from './http/preferences.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { contentAnswer } from './http/own-answer.ts';
import { ownPath, readRoute, type OwnRoute, type OwnRoutes } from './http/own-routes.ts';
import type { MockOptions } from './options.ts';
import { perVersion } from './query/version-memo.ts';
import { rootLinks } from './root-links.ts';
import { LIVE_PATH, liveRoute } from './ui/live-state.ts';
import type { RequestFeed } from './ui/request-feed.ts';
import { WORLD_SCHEMA } from './world/declared/world-file.ts';
import type { UiPages } from './ui/ui-pages.ts';
import { applySpecEdits, publishedSpecEdits, type SpecEdit } from './published-spec.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const YAML_TYPE = 'application/yaml; charset=utf-8';

/** What only Node has: the two specs' YAML text, and the home page with its files (mocks/ui/ui-pages.ts). */
export interface OwnFiles {
  /** The spec's YAML text with the published document's edits (published-spec.ts). */
  specYaml(edits: readonly SpecEdit[]): string;
  controlYaml(): string;
  pages: UiPages;
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
  /** Absent in a browser, where MSW serves the API only. */
  files: OwnFiles | undefined;
}

/** Whether a request is the home page's polling, which the request log leaves out. */
export function isLivePoll(url: string): boolean {
  // Told by one character from the API's paths, which the pipeline then tells from the own ones.
  return url.charCodeAt(1) === 95 && ownPath(url) === LIVE_PATH;
}

/**
 * The mock's own routes, the own part of its one route table (mocks/http/own-routes.ts), which
 * the pipeline serves after the same URL limit, preflight and service headers as the API's: the
 * spec, the world's catalogue and schema, the home page and its files (or the links at `/`), the
 * control plane. Any other own path is 404, and an error is the error body, in the pipeline.
 */
export function ownRoutes(ctx: OwnPathsContext): OwnRoutes {
  const { doc, ops, live, feed, files } = ctx;
  const queries = live.queries;
  // The document as the release answers (published-spec.ts), built on the first request for it.
  const edits = publishedSpecEdits(doc, ctx.options.apiVersion, ops);
  let specJson: string | undefined;
  let specYaml: string | undefined;
  const catalogue = perVersion(queries, () => JSON.stringify(queries.catalogue()));
  const urlFor = urlBuilder(operationPaths(doc));
  const links = perVersion(queries, () => JSON.stringify(rootLinks(queries, ops, urlFor)));
  const worldSchema = JSON.stringify(WORLD_SCHEMA);
  const control = controlRoutes(
    { live, preferences: ctx.preferences, limiter: ctx.limiter },
    ctx.controlDoc,
    {
      host: ctx.options.host,
      token: ctx.options.controlToken,
    },
  );
  const linksAnswer = (r: ServerRequest, h: string[]): HttpResponse =>
    contentAnswer(r, h, 200, JSON_TYPE, links());

  const table = new Map<string, OwnRoute>([
    [
      '/openapi.json',
      readRoute((r, h) =>
        contentAnswer(r, h, 200, JSON_TYPE, (specJson ??= JSON.stringify(applySpecEdits(doc, edits)))),
      ),
    ],
    ['/_mock/world', readRoute((r, h) => contentAnswer(r, h, 200, JSON_TYPE, catalogue()))],
    [
      '/_mock/world.schema.json',
      readRoute((r, h) => contentAnswer(r, h, 200, 'application/schema+json; charset=utf-8', worldSchema)),
    ],
    [LIVE_PATH, liveRoute(live, feed)],
    ['/', readRoute(linksAnswer)],
    ...control,
  ]);
  if (!files) return table;
  table.set(
    '/openapi.yaml',
    readRoute((r, h) => contentAnswer(r, h, 200, YAML_TYPE, (specYaml ??= files.specYaml(edits)))),
  );
  table.set(
    '/_mock/openapi.yaml',
    readRoute((r, h) => contentAnswer(r, h, 200, YAML_TYPE, files.controlYaml())),
  );
  // A browser's `/` is the home page; any other client gets the links.
  table.set(
    '/',
    readRoute((r, h) => files.pages.home(r, h) ?? linksAnswer(r, h)),
  );
  for (const [path, answer] of files.pages.files) table.set(path, readRoute(answer));
  return table;
}
