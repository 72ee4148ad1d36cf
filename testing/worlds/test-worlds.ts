// Worlds shared by the tests, each a mock's kernel read in process as a client reads it. Tests
// that enumerate everything build the same chain a second time, apart from the one the kernel
// serves: generation is deterministic, so it is identical.
import { createMock } from '../../mocks/create-mock.ts';
import type { MockKernel } from '../../mocks/kernel.ts';
import { buildChain } from '../../mocks/world/generate/build-chain.ts';
import type { Chain } from '../../mocks/world/tables/chain.ts';
import type { NetworkName } from '../../mocks/world/tables/network.ts';
import { resolveOptions } from '../../mocks/world/options.ts';
import { kernelReads, type KernelReads } from '../../mocks/kernel-reads.ts';

export const SEEDS = [1, 2, 42] as const;

export interface TestWorld {
  /** The mock serving the world, as the release `apiVersion` (the mock's default unless given). */
  readonly mock: MockKernel;
  /** Its API, read through the kernel's `handle`. */
  readonly world: KernelReads;
  readonly chain: Chain;
}

const cache = new Map<string, TestWorld>();

export function testWorld(
  seed: number,
  network: NetworkName = 'mainnet',
  blocks?: number,
  apiVersion?: string,
): TestWorld {
  const key = `${seed}:${network}:${blocks ?? ''}:${apiVersion ?? ''}`;
  let entry = cache.get(key);
  if (!entry) {
    const options = { seed, network, ...(blocks === undefined ? {} : { blocks }) };
    const mock = createMock({ ...options, ...(apiVersion ? { apiVersion } : {}), quiet: true });
    entry = { mock, world: kernelReads(mock), chain: buildChain(resolveOptions(options)) };
    cache.set(key, entry);
  }
  return entry;
}

/** Ids of the mined transactions in chain order (anchored, then unanchored). */
export function minedTxIds(chain: Chain): string[] {
  return Array.from({ length: chain.txs.count }, (_, tx) => chain.txs.idHex(tx));
}

export function mempoolTxIds(chain: Chain): string[] {
  return Array.from({ length: chain.mempool.count }, (_, tx) => chain.mempool.idHex(tx));
}
