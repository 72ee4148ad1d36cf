import { worldFileOf } from '../create-mock.ts';
import { resolveMock, runWorldContracts } from '../kernel.ts';
import type { MockOptions } from '../options.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import type { Chain } from '../world/tables/chain.ts';

/**
 * The chain a mock started with these options serves, world file included, resolved by the
 * kernel's own `resolveMock`: what the event stream writes. A world file's own contracts and calls
 * run in the Clarity engine first, as startMockServer runs them, so their results are the served
 * ones. Throws the world file's WorldFileError.
 */
export async function chainOf(options: Partial<MockOptions>): Promise<Chain> {
  const { worldFile } = await runWorldContracts(options, { worldFile: worldFileOf(options.world) });
  return buildChain(resolveMock(options, worldFile).world);
}
