import type { Document } from '../../spec/document.ts';
import { listOperations } from '../../spec/document.ts';
import { operationsOf, type ReleaseProfile } from '../../spec/releases/releases.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { handlers } from '../operations/handlers.ts';
import type { ChainDoor } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { Rng } from '../world/rng.ts';
import { parseDeprecated } from './deprecation.ts';
import { checkHandlers, createApiPipeline, type ApiPipeline } from './pipeline.ts';
import { Preferences } from './preferences.ts';
import { RateLimiter } from './rate-limit.ts';
import { RESPONSE_CACHE_LIMITS, ResponseCache } from './response-cache.ts';

/** The options of the mock that shape its API's answers (a subset of the mock's flags). */
export interface ApiSettings {
  seed: number;
  /** The release of the real service the mock answers as (spec/releases/). */
  release: ReleaseProfile;
  /** `warn`, `gone` or `gone:<operationId>,…`: which deprecated operations answer 410 (deprecation.ts). */
  deprecated: string;
  /** RFC 9745 `Deprecation` and a successor `Link` on deprecated answers. */
  deprecationHeaders: boolean;
  apiKeys: string[];
  requireApiKey: boolean;
  rateLimit: number;
  rateLimitKey: number;
  latencyMs: number;
  faultRate: number;
  now: () => number;
  /** Where an unexpected error's one line goes. */
  log: (line: string) => void;
}

export interface MockPipeline {
  pipeline: ApiPipeline;
  /** Its limits may be changed while it runs. */
  limiter: RateLimiter;
  /** What `prefer()` asks of the next requests. */
  preferences: Preferences;
}

/**
 * The mock's API over a world's queries, as the HTTP mock (mocks/app.ts) and the MSW handlers
 * (msw/) both build it, so the same options give the same answers wherever they are served.
 * `door`: what a POST changes (the living chain, which owns `queries`).
 */
export function createMockPipeline(
  doc: Document,
  queries: WorldQueries,
  settings: ApiSettings,
  door: ChainDoor,
): MockPipeline {
  const limiter = new RateLimiter(
    { anonymous: settings.rateLimit, keyed: settings.rateLimitKey },
    settings.now,
  );
  const { release } = settings;
  const all = listOperations(doc);
  // Every operation of the spec has its handler, whichever release is served.
  checkHandlers(all, handlers);
  const ops = operationsOf(all, release.version);
  // The answers that read the mined chain only (the spec's `x-cache: mined`) outlive a broadcast.
  const preferences = new Preferences(ops.map((op) => op.operationId));
  const minedOnly = new Set(all.filter((op) => op.cache === 'mined').map((op) => op.operationId));
  const pipeline = createApiPipeline({
    doc,
    ops,
    release,
    deprecation: { gone: parseDeprecated(settings.deprecated, ops), headers: settings.deprecationHeaders },
    handlers,
    queries,
    specAjv: createSpecAjv(doc, { defaults: true }),
    keys: settings.apiKeys,
    requireKey: settings.requireApiKey,
    limiter,
    preferences,
    scenario: {
      latencyMs: settings.latencyMs,
      faultRate: settings.faultRate,
      random: faultDraws(settings.seed),
    },
    cache: new ResponseCache(queries, RESPONSE_CACHE_LIMITS, {
      world: queries.mined,
      holds: (answer) => minedOnly.has(answer.operationId),
    }),
    door,
    log: settings.log,
  });
  return { pipeline, limiter, preferences };
}

/** The injected faults' draws: the world's PRNG on its own stream, so they repeat for the seed. */
function faultDraws(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}
