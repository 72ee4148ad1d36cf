import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { listOperations, loadSpec } from '../spec/load.ts';
import { LiveChain } from './control/live-chain.ts';
import { controlSpec } from './control/control-spec.ts';
import { errorBody, loggableError, unexpectedError } from './http/errors.ts';
import { servePipeline } from './http/node/serve.ts';
import { createMockPipeline } from './http/mock-pipeline.ts';
import { logLine } from './http/request-log.ts';
import { splitTarget } from './http/routing.ts';
import { withDefaults, worldOptionsOf, type MockOptions } from './options.ts';
import { observeBoth, RequestFeed } from './ui/request-feed.ts';
import { readWorldFile } from './world/declared/read-world-file.ts';
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
  // Most of the API's paths start /extended: the common case is told by one character.
  const second = url.charCodeAt(1);
  if (second === 101 || second === 69) return false;
  let path = splitTarget(url).pathname.toLowerCase();
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path === '/' || path === '/openapi.yaml' || path === '/openapi.json' || path.startsWith('/_mock/');
}

/**
 * The mock: a living chain, the API's pipeline over its queries, and an Express app for the
 * mock's own paths (mocks/own-paths.ts), loaded by the first request for one of them: a start
 * that only answers the API never loads Express.
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
  const log = options.quiet ? () => {} : options.log;
  const feed = new RequestFeed();
  const observe = observeBoth(feed.observe, options.quiet ? undefined : logLine(options.log));

  const { pipeline } = createMockPipeline(doc, live.queries, { ...options, log }, live);
  const api = servePipeline(pipeline, { trustProxy: options.trustProxy, observe });

  // The Express app behind the mock's own paths, loaded by the first request for one of them.
  let own: Express | undefined;
  let loading: Promise<Express> | undefined;
  const ownPaths = (): Promise<Express> =>
    (loading ??= import('./own-paths.ts').then(({ ownPathsApp }) => {
      own = ownPathsApp({ options, doc, ops, live, feed, observe, log });
      return own;
    }));
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (!isOwnPath(req.url as string)) api(req, res);
    else if (own) own(req, res);
    // Node keeps the request's body until Express reads it.
    else
      void ownPaths().then(
        (app) => app(req, res),
        (err: unknown) => notLoaded(res, err),
      );
  };
  const notLoaded = (res: ServerResponse, err: unknown): void => {
    loading = undefined;
    log(`internal error: ${loggableError(err)}`);
    const { status, message } = unexpectedError(err);
    const body = JSON.stringify(errorBody(status, message));
    res
      .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(body);
  };
  return Object.assign(listener, { live, options });
}
