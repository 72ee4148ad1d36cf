import type { ClarityEngine } from './engine.ts';
import { moduleImporter } from './module-importer.ts';
import { simnetEngine, type Simnet } from './simnet-engine.ts';
import { CLARITY_PACKAGE, ClarityUnavailable } from './unavailable.ts';

/** The part of `@stacks/clarinet-sdk`'s module the engine uses. */
interface ClarinetSdk {
  getSDK(options?: { trackCosts?: boolean }): Promise<Simnet>;
  tx: Simnet['txBuilders'];
}

/**
 * Loads the engine's package with a dynamic import of a name held in a variable: neither tsc nor
 * esbuild follows it, so the GPL package is never bundled into dist/ nor needed to build; the
 * user's node_modules supplies it at run time, or the caller gets `ClarityUnavailable`.
 */
async function importSdk(name: string): Promise<ClarinetSdk> {
  try {
    return (await (moduleImporter() ?? ((n: string) => import(/* @vite-ignore */ n)))(name)) as ClarinetSdk;
  } catch (error) {
    throw new ClarityUnavailable(firstLine(error));
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/**
 * A new engine: an empty simnet session with the node's boot contracts (pox-4, the costs, BNS),
 * in the epoch the mock's chains are in. `trackCosts`: each transaction's costs are counted and
 * one past a block's limits fails, as on the chain (a replay then takes about twice as long). Each call starts its own chain (about 1.5 s on a quiet
 * machine); `ClarityUnavailable` when the package is missing. `from` names another package
 * (the tests name a missing one).
 */
export async function startEngine(
  from: string = CLARITY_PACKAGE,
  options: { trackCosts?: boolean } = {},
): Promise<ClarityEngine> {
  const sdk = await importSdk(from);
  const session = await sdk.getSDK({ trackCosts: options.trackCosts === true });
  await session.initEmptySession(null);
  return simnetEngine(session, sdk.tx);
}
