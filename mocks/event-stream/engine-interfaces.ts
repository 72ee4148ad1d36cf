import { isClarityUnavailable } from '../clarity/unavailable.ts';
import { StreamError } from '../world/wire/tx-bytes.ts';
import type { Chain } from '../world/tables/chain.ts';
import { WorldEngine } from '../world/run/world-engine.ts';
import type { InterfaceOf } from './messages.ts';

/** Where the exported deployments' interfaces come from, and how to let it go. */
export interface Interfaces {
  readonly interfaceOf: InterfaceOf;
  /** Why the engine could not give them (its package missing), when it could not. */
  readonly missing?: string;
  close(): void;
}

/**
 * Why the boot contracts' interfaces could not be made, as the stream's one line: without them
 * their deployments would carry an interface read from the source, unlike a node's.
 * `ClarityUnavailable` stays itself: the stream is then read from the sources, and says so.
 */
function bootFailure(error: unknown): never {
  if (isClarityUnavailable(error)) throw error;
  throw new StreamError(
    `the Clarity engine gave no interface of the boot contracts: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/**
 * The interfaces of `chain`'s contracts from the Clarity engine holding it, as a node reports them
 * to its observers (every function with its outputs, the variables, maps and tokens, the epoch and
 * Clarity version); the boot contracts the world records (pox-4) as the node deployed them, made
 * meanwhile by an engine of their own. Without the engine's package, none: each is then read from
 * its source. Any other failure of the engine throws (`StreamError` for the boot contracts').
 */
export async function engineInterfaces(chain: Chain): Promise<Interfaces> {
  const engine = new WorldEngine(() => chain);
  const boot = Promise.all(
    chain.contracts
      .filter((c) => engine.isBootContract(c.id))
      .map(async (c) => [c.id, await engine.bootInterface(c.id).catch(bootFailure)] as const),
  );
  try {
    const [reads, boots] = await Promise.all([engine.ready(), boot]);
    const booted = new Map(boots);
    return {
      interfaceOf: (id) => reads.contractInterface(id) ?? booted.get(id),
      close: () => engine.close(),
    };
  } catch (error) {
    engine.close();
    if (!isClarityUnavailable(error)) throw error;
    return { interfaceOf: () => undefined, missing: error.message, close: () => undefined };
  }
}
