import { worldFileOf } from '../create-mock.ts';
import { resolveMock } from '../kernel.ts';
import type { MockOptions } from '../options.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import type { Chain } from '../world/tables/chain.ts';

/**
 * The chain a mock started with these options serves, world file included, resolved by the
 * kernel's own `resolveMock`: what the event stream writes. Throws the world file's WorldFileError.
 */
export function chainOf(options: Partial<MockOptions>): Chain {
  return buildChain(resolveMock(options, worldFileOf(options.world)).world);
}
