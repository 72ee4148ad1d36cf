import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import { listOperations, loadSpec, SPEC_PATH } from '../spec/load.ts';
import { LiveChain } from './control/live-chain.ts';
import { controlRouter } from './control/control-router.ts';
import { controlSpec } from './control/control-spec.ts';
import { errorHandler, frontStages, notFound, requestLog } from './http/node/express-stages.ts';
import { servePipeline } from './http/node/serve.ts';
import { createMockPipeline } from './http/mock-pipeline.ts';
import { serviceHeaders } from './http/pipeline.ts';
import { logLine } from './http/request-log.ts';
import { splitTarget } from './http/routing.ts';
import { withDefaults, worldOptionsOf, type MockOptions } from './options.ts';
import { perVersion } from './query/version-memo.ts';
import { rootLinks } from './root-links.ts';
import { observeBoth, RequestFeed } from './ui/request-feed.ts';
import { LIVE_PATH, liveState } from './ui/live-state.ts';
import { uiOnDemand } from './ui/on-demand.ts';
import { readWorldFile } from './world/declared/read-world-file.ts';
import { WORLD_SCHEMA } from './world/declared/world-file.ts';
import { resolveOptions, type WorldOptions } from './world/options.ts';
import { restoreDefaultWorld } from './world-snapshot.ts';

/**
 * The mock as one request listener: the API's pipeline (mocks/http/pipeline.ts) for the API,
 * Express for what is outside it. What the server, `startMock` and the tests all serve.
 */
export type MockApp = RequestListener & {
  /** The living chain: its queries (what the API answers from) and its controls. */
  readonly live: LiveChain;
  readonly options: MockOptions;
  /** The Express app behind the mock's own paths; the server builds its requests on its prototypes. */
  readonly express: Express;
};

/** The world to serve: the flags' seeded chain, with a world file's declarations woven in. */
export function worldOptions(options: MockOptions): Partial<WorldOptions> {
  const settings = worldOptionsOf(options);
  if (!options.world) return settings;
  const file = readWorldFile(options.world, {
    seed: options.seed,
    network: options.network,
    blocks: options.blocks,
  });
  return { ...settings, ...file.settings, declared: file.declared };
}

/**
 * The mock's own paths, which are not the API's: `/` (the home page or the JSON links), the
 * spec, and everything under `/_mock/` (the world's catalogue, the control plane, the page's
 * files). Case and a trailing slash do not matter, as in Express's routes.
 */
export function isOwnPath(url: string): boolean {
  // The API's paths all start /extended: the common case is told by one character.
  const second = url.charCodeAt(1);
  if (second === 101 || second === 69) return false;
  let path = splitTarget(url).pathname.toLowerCase();
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path === '/' || path === '/openapi.yaml' || path === '/openapi.json' || path.startsWith('/_mock/');
}

/**
 * The mock: a living chain, the API's pipeline over its queries, and an Express app for the
 * mock's own paths, in the order a request travels there: (the home page's polling) → log → URL
 * length, preflight and service headers (the pipeline's, mocks/http/node/express-stages.ts) →
 * the spec, the world's catalogue, the home page, the links at /, the control plane → 404 → the
 * error body for anything that went wrong.
 */
export function createMockApp(partial: Partial<MockOptions> = {}): MockApp {
  const options = withDefaults(partial);
  const doc = loadSpec();
  const ops = listOperations(doc);
  const live = new LiveChain(
    resolveOptions(worldOptions(options)),
    controlSpec(),
    options.blockTime,
    restoreDefaultWorld,
  );
  const queries = live.queries;
  const log = options.quiet ? () => {} : options.log;
  const feed = new RequestFeed();
  const observe = observeBoth(feed.observe, options.quiet ? undefined : logLine(options.log));

  const { pipeline } = createMockPipeline(doc, queries, { ...options, log });
  const api = servePipeline(pipeline, { trustProxy: options.trustProxy, observe });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.get(LIVE_PATH, liveState(live, feed));
  app.use(requestLog(observe));
  app.use(frontStages(serviceHeaders(doc)));
  const specYaml = readFileSync(SPEC_PATH, 'utf8');
  const specJson = JSON.stringify(doc);
  app.get('/openapi.yaml', (_req, res) => void res.type('application/yaml; charset=utf-8').send(specYaml));
  app.get('/openapi.json', (_req, res) => void res.type('application/json; charset=utf-8').send(specJson));
  const catalogue = perVersion(queries, () => JSON.stringify(queries.catalogue()));
  app.get('/_mock/world', (_req, res) => void res.type('application/json; charset=utf-8').send(catalogue()));
  app.use(uiOnDemand(live, options));
  const links = perVersion(queries, () => JSON.stringify(rootLinks(queries, ops)));
  app.get('/', (_req, res) => void res.type('application/json; charset=utf-8').send(links()));
  const worldSchema = JSON.stringify(WORLD_SCHEMA);
  app.get(
    '/_mock/world.schema.json',
    (_req, res) => void res.type('application/schema+json; charset=utf-8').send(worldSchema),
  );
  app.use(
    controlRouter(live, {
      host: options.host,
      ...(options.controlToken ? { token: options.controlToken } : {}),
    }),
  );
  app.use(notFound());
  app.use(errorHandler(log));

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (isOwnPath(req.url as string)) app(req, res);
    else api(req, res);
  };
  return Object.assign(listener, { live, options, express: app });
}
