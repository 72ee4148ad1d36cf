import { readFileSync } from 'node:fs';
import express, { type Express } from 'express';
import { SPEC_PATH, type listOperations } from '../spec/load.ts';
import type { Document } from '../spec/document.ts';
import type { LiveChain } from './control/live-chain.ts';
import { controlRouter } from './control/control-router.ts';
import { errorHandler, frontStages, notFound, requestLog } from './http/node/express-stages.ts';
import { serviceHeaders } from './http/pipeline.ts';
import type { RequestObserver } from './http/request-log.ts';
import type { MockOptions } from './options.ts';
import { perVersion } from './query/version-memo.ts';
import { rootLinks } from './root-links.ts';
import type { RequestFeed } from './ui/request-feed.ts';
import { LIVE_PATH, liveState } from './ui/live-state.ts';
import { uiOnDemand } from './ui/on-demand.ts';
import { WORLD_SCHEMA } from './world/declared/world-file.ts';

/** What the mock's own paths serve from: the mock's parts that the API's pipeline shares. */
export interface OwnPathsContext {
  options: MockOptions;
  doc: Document;
  ops: ReturnType<typeof listOperations>;
  live: LiveChain;
  feed: RequestFeed;
  observe: RequestObserver;
  log: (line: string) => void;
}

/**
 * The Express app for the mock's own paths, in the order a request travels there: (the home
 * page's polling) → log → URL length, preflight and service headers (the pipeline's,
 * mocks/http/node/express-stages.ts) → the spec, the world's catalogue, the home page, the links
 * at /, the control plane → 404 → the error body for anything that went wrong. Loaded by the
 * first request for one of them (mocks/app.ts): a mock that only answers the API never loads
 * Express.
 */
export function ownPathsApp({ options, doc, ops, live, feed, observe, log }: OwnPathsContext): Express {
  const queries = live.queries;
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
  return app;
}
