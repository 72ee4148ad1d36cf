import type { MockOptions } from '../options.ts';
import { worldOptionsOf } from '../options.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { readWorldFile } from '../world/declared/read-world-file.ts';
import { resolveOptions } from '../world/options.ts';
import type { Chain } from '../world/tables/chain.ts';

/**
 * The chain a mock started with these options serves, world file included, built the same way:
 * what the event stream writes and the differential run enumerates. Throws the world file's
 * WorldFileError.
 */
export function chainOf(options: MockOptions): Chain {
  let world = worldOptionsOf(options);
  if (options.world) {
    const file = readWorldFile(options.world, {
      seed: options.seed,
      network: options.network,
      blocks: options.blocks,
    });
    world = { ...world, ...file.settings, declared: file.declared };
  }
  return buildChain(resolveOptions(world));
}
