import type { Router } from 'express';
import { fillPath, type Document, type Operation } from '../spec/load.ts';
import type { SpecAjv } from '../spec/schemas.ts';
import type { World } from './operations/world.ts';
import { sendCachedJson } from './http/caching.ts';
import { deprecation } from './http/deprecation.ts';
import { sendError } from './http/errors.ts';
import { ResponseCache } from './http/response-cache.ts';
import { scenarios, type ScenarioSettings } from './http/scenarios.ts';
import { sendResult } from './http/send-result.ts';
import { isRequestError, requestValidator } from './http/validate.ts';
import type { MountedHandler } from './operations/index.ts';

/** `/extended/v2/blocks/{height_or_hash}` → `/extended/v2/blocks/:height_or_hash`. */
export function toExpressPath(path: string): string {
  return fillPath(path, (name) => `:${name}`);
}

/** The spec and the handlers must name the same operations, or the mock would lie about one of them. */
export function checkHandlers(ops: Operation[], handlers: Record<string, MountedHandler>): void {
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

export interface MountDeps {
  world: World;
  doc: Document;
  specAjv: SpecAjv;
  scenario: ScenarioSettings;
  /** Serialized 200 answers; one per app, since its entries belong to that app's world. */
  cache?: ResponseCache;
}

/**
 * Mounts one route per spec operation. GET: deprecation warning → scenarios (Prefer, latency,
 * faults) → the cached answer, if any → validation from the spec (a value or a 400) → the
 * operation's handler → one adapter to HTTP; other methods get 405. A 200 answer is serialized once and then served from the
 * cache until the chain changes (a block, a transaction, a reorg, a reset).
 */
export function mountOperations(
  router: Router,
  ops: Operation[],
  handlers: Record<string, MountedHandler>,
  deps: MountDeps,
): void {
  checkHandlers(ops, handlers);
  const known = new Set(ops.map((o) => o.operationId));
  const cache = deps.cache ?? new ResponseCache();
  // Answers belong to one version of the chain: a change drops them all, so none outlives its tip.
  let cachedVersion = deps.world.version;
  const current = (): ResponseCache => {
    if (deps.world.version !== cachedVersion) {
      cache.clear();
      cachedVersion = deps.world.version;
    }
    return cache;
  };
  for (const op of ops) {
    const handler = handlers[op.operationId] as MountedHandler;
    const validate = requestValidator(op, deps.doc, deps.specAjv);
    // One route for both methods: the router matches the path once per request, not twice.
    router
      .route(toExpressPath(op.path))
      .get(
        ...(op.deprecated ? [deprecation(op, known)] : []),
        scenarios(op, deps.scenario),
        (req, res, next) => {
          const cached = current().get(req.originalUrl);
          if (cached?.operationId === op.operationId) sendCachedJson(req, res, cached);
          else next();
        },
        (req, res) => {
          const request = validate(req.params, req.query as Record<string, unknown>);
          const result = isRequestError(request)
            ? request
            : handler.answer({ world: deps.world, ...request });
          sendResult(req, res, result, (json) =>
            current().set(req.originalUrl, { ...json, operationId: op.operationId }),
          );
        },
      )
      .all((req, res) => {
        res.set('Allow', 'GET, HEAD, OPTIONS');
        sendError(res, 405, `${req.method} is not allowed: this service is read-only (GET)`);
      });
  }
}
