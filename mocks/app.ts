import { readFileSync } from 'node:fs';
import express, { type Express } from 'express';
import { listOperations, loadSpec, SPEC_PATH } from '../spec/load.ts';
import { createSpecAjv } from '../spec/schemas.ts';
import { answerIfCached, type AnswerIfCached } from './http/cached-answers.ts';
import { cors, CORS_HEADERS } from './http/cors.ts';
import { deprecationWarning } from './http/deprecation.ts';
import { errorHandler, sendError } from './http/errors.ts';
import { apiKeys, keyVerdict } from './http/keys.ts';
import { Rng } from './world/rng.ts';
import { rateLimit, RateLimiter } from './http/rate-limit.ts';
import { RESPONSE_CACHE_LIMITS, ResponseCache } from './http/response-cache.ts';
import { logLine, requestLog } from './http/request-log.ts';
import { urlLimit } from './http/url-limit.ts';
import { mountedHandlers } from './operations/index.ts';
import { withDefaults, worldOptionsOf, type MockOptions } from './options.ts';
import { rootIndex } from './root-index.ts';
import { mountOperations } from './routes.ts';
import type { World, WorldOptions } from './operations/world.ts';
import { LiveChain } from './control/live-chain.ts';
import { controlRouter } from './control/routes.ts';
import { resolveOptions } from './world/options.ts';
import { observeBoth, RequestFeed } from './ui/request-feed.ts';
import { LIVE_PATH, liveState } from './ui/live-state.ts';
import { uiOnDemand } from './ui/on-demand.ts';
import { readWorldFile } from './world/declared/read-world-file.ts';
import { WORLD_SCHEMA } from './world/declared/world-file.ts';

export interface MockAppLocals {
  world: World;
  live: LiveChain;
  options: MockOptions;
  /** The fast path for cached GETs, to put in front of the app (mocks/server.ts). */
  answerIfCached: AnswerIfCached;
}

/** The world to serve: the flags' seeded chain, with a world file's declarations woven in. */
function worldOptions(options: MockOptions): Partial<WorldOptions> {
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
 * The mock as an Express app, in the order a request travels: (the home page's polling) → log →
 * URL length (414) → CORS → service headers → (outside the API: the home page, the index at /, the spec and the world index) → API key → rate limit →
 * the operation's route (deprecation, scenarios, cached answer, validation, handler) → 404 for
 * unknown paths → the error body for anything that went wrong.
 */
export function createMockApp(partial: Partial<MockOptions> = {}): Express {
  const options = withDefaults(partial);
  const doc = loadSpec();
  const ops = listOperations(doc);
  const live = new LiveChain(resolveOptions(worldOptions(options)), options.blockTime);
  const world = live.world;
  const log = options.quiet ? () => {} : options.log;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.locals.world = world;
  app.locals.live = live;
  app.locals.options = options;

  const feed = new RequestFeed();
  const observe = observeBoth(feed.observe, options.quiet ? undefined : logLine(options.log));
  app.get(LIVE_PATH, liveState(live, feed));
  app.use(requestLog(observe));
  app.use(urlLimit());
  app.use(cors());
  app.use((_req, res, next) => {
    res.setHeader('X-API-Version', doc.info.version);
    next();
  });

  const specYaml = readFileSync(SPEC_PATH, 'utf8');
  const specJson = JSON.stringify(doc);
  app.get('/openapi.yaml', (_req, res) => void res.type('application/yaml; charset=utf-8').send(specYaml));
  app.get('/openapi.json', (_req, res) => void res.type('application/json; charset=utf-8').send(specJson));
  const index = perVersion(world, () => JSON.stringify(world.index()));
  app.get('/_mock/world', (_req, res) => void res.type('application/json; charset=utf-8').send(index()));
  app.use(uiOnDemand(live, options));
  const root = perVersion(world, () => JSON.stringify(rootIndex(world, ops)));
  app.get('/', (_req, res) => void res.type('application/json; charset=utf-8').send(root()));
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

  const limiter = new RateLimiter({ anonymous: options.rateLimit, keyed: options.rateLimitKey }, options.now);
  const cache = new ResponseCache(RESPONSE_CACHE_LIMITS, () => world.version);
  const api = express.Router();
  api.use(apiKeys(options.apiKeys, options.requireApiKey));
  api.use(rateLimit(limiter));
  mountOperations(api, ops, mountedHandlers, {
    world,
    doc,
    specAjv: createSpecAjv(doc, { defaults: true }),
    scenario: {
      latencyMs: options.latencyMs,
      faultRate: options.faultRate,
      random: faultDraws(options.seed),
    },
    cache,
  });
  const known = new Set(ops.map((o) => o.operationId));
  app.locals.answerIfCached = answerIfCached({
    cache,
    leading: [...Object.entries(CORS_HEADERS).flat(), 'X-API-Version', doc.info.version],
    routeHeaders: new Map(
      ops.filter((o) => o.deprecated).map((o) => [o.operationId, ['Warning', deprecationWarning(o, known)]]),
    ),
    keys: keyVerdict(options.apiKeys, options.requireApiKey),
    limiter,
    enabled: options.latencyMs === 0 && options.faultRate === 0,
    log: observe,
  });
  app.use(api);
  app.use((req, res) => sendError(res, 404, `Route ${req.method}:${req.path.slice(0, 200)} not found`));
  app.use(errorHandler(log));
  return app;
}

/** A text computed once per version of the world: a change of the chain computes it again. */
function perVersion(world: World, compute: () => string): () => string {
  let version = -1;
  let text = '';
  return () => {
    if (version !== world.version) {
      text = compute();
      version = world.version;
    }
    return text;
  };
}

/** The injected faults' draws: the world's PRNG on its own stream, so they repeat for the seed. */
function faultDraws(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}
