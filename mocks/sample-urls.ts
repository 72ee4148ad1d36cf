import type { OperationId, UrlFor } from '../spec/request/url.ts';
import {
  changesChain,
  DECLARATIONS,
  validRequests,
  validRequestUrl,
} from '../spec/valid-requests/valid-requests.ts';
import type { WorldQueries } from './query/world-queries.ts';
import { handlers } from './operations/handlers.ts';
import type { Chain } from './world/tables/chain.ts';
import { worldViewOf } from './world-view.ts';

/** The sample URLs of a restored chain, worked out when its snapshot was made (mocks/world-snapshot.ts). */
const known = new WeakMap<Chain, Record<string, string>>();

/** A restored chain's sample URLs as they were worked out on the chain it was restored from. */
export function knowSampleUrls(chain: Chain, urls: Record<string, string>): void {
  known.set(chain, urls);
}

/**
 * One URL per read of the spec that the world answers with 200: the first valid request each
 * operation declares (spec/valid-requests/) on this world's view. What the start banner offers to
 * try, and what load and fault tests drive so that every operation is exercised. A request with
 * a body, one that changes the chain, one that waits for the Clarity engine (its first answer
 * takes seconds), or one the world lacks the facts for (a world without tokens has no token
 * balance to show) is no URL to try. Finding one address's transaction
 * needs the address and hash indexes; a restored chain's are known from its snapshot, so the
 * banner of a restored world builds neither.
 */
export function sampleUrls(queries: WorldQueries, urlFor: UrlFor): Record<string, string> {
  const restored = known.get(queries.chain);
  if (restored) return { ...restored };
  const view = worldViewOf(queries);
  const urls: Record<string, string> = {};
  for (const operationId of Object.keys(DECLARATIONS) as OperationId[]) {
    if (changesChain(operationId) || handlers[operationId]?.waitsForEngine) continue;
    const [first] = validRequests(operationId, view).requests ?? [];
    if (first && first.body === undefined) urls[operationId] = validRequestUrl(urlFor, operationId, first);
  }
  return urls;
}
