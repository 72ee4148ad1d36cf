import type { EngineImage, HostedEngine } from './engine-wire.ts';
import { startHostedEngine } from './node/engine-bridge.ts';
import { CLARITY_PACKAGE } from './unavailable.ts';

/**
 * A new engine on a thread of its own (engine-bridge.ts): an empty simnet session with the node's
 * boot contracts (pox-4, the costs, BNS), in the epoch the mock's chains are in. Its start (about
 * 1.5 s on a quiet machine, ten on a loaded one) runs on that thread, so the caller's keeps
 * answering. `trackCosts`: each transaction's costs are counted and one past a block's limits
 * fails, as on the chain (a replay then takes about twice as long). Each call starts its own
 * chain, or, with `restore`, goes on from the image another engine took (`imageLater`), which
 * costs a copy of its memory instead of a boot and a replay; `ClarityUnavailable` when the package is missing. `from` names another package (the
 * tests name a missing one). `close()` ends it.
 */
export async function startEngine(
  from: string = CLARITY_PACKAGE,
  options: { trackCosts?: boolean; restore?: EngineImage } = {},
): Promise<HostedEngine> {
  return startHostedEngine({
    from,
    trackCosts: options.trackCosts === true,
    ...(options.restore && { restore: options.restore }),
  });
}

export {
  dropImageFile,
  readBootInterfacesFile,
  readImageFile,
  writeBootInterfacesFile,
  writeImageFile,
  type StoredImage,
} from './node/image-files.ts';
