import type { Document, Operation } from '../../spec/document.ts';
import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { handlers } from '../operations/handlers.ts';
import type { ChainDoor, OperationHandler } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { Rng } from '../world/rng.ts';
import { parseDeprecated } from './deprecation.ts';
import { createApiPipeline, type ApiPipeline } from './pipeline.ts';
import type { OwnRoutes } from './own-routes.ts';
import type { Preferences } from './preferences.ts';
import type { RateLimiter } from './rate-limit.ts';
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
  /** The rate limit's limits, which may change while the mock runs. */
  limiter: RateLimiter;
  /** What `prefer()` asks of the next requests. */
  preferences: Preferences;
  latencyMs: number;
  faultRate: number;
  /** Where an unexpected error's one line goes. */
  log: (line: string) => void;
  /** The mock's own routes, served by the same phases. */
  own: OwnRoutes;
}

/** The spec's operations, as the kernel lists them once: all of them, and those the release serves. */
export interface SpecOperations {
  readonly all: Operation[];
  readonly served: Operation[];
}

/**
 * The mock's API over a world's queries, with its own routes beside it (`settings.own`), as the
 * kernel builds it for every door (the HTTP mock, the middleware, MSW), so the same options give
 * the same answers wherever they are served.
 * `door`: what a POST changes (the living chain, which owns `queries`).
 */
export function createMockPipeline(
  doc: Document,
  { all, served: ops }: SpecOperations,
  queries: WorldQueries,
  settings: ApiSettings,
  door: ChainDoor,
): ApiPipeline {
  const { release, limiter, preferences } = settings;
  // Every operation of the spec has its handler, whichever release is served.
  checkHandlers(all, handlers);
  // The answers that read the mined chain only (the spec's `x-cache: mined`) outlive a broadcast.
  const minedOnly = new Set(all.filter((op) => op.cache === 'mined').map((op) => op.operationId));
  return createApiPipeline({
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
    own: settings.own,
  });
}

/** The injected faults' draws: the world's PRNG on its own stream, so they repeat for the seed. */
function faultDraws(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
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
