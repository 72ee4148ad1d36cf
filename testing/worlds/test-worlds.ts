// Worlds shared by the tests. Tests that enumerate everything build the same chain a second time,
// apart from the one the answers read: generation is deterministic, so it is identical.
import { buildChain } from '../../mocks/world/generate/build-chain.ts';
import type { Chain } from '../../mocks/world/tables/chain.ts';
import { createAnswers, type Answers } from '../../mocks/answers.ts';
import type { NetworkName } from '../../mocks/world/tables/network.ts';
import { resolveOptions } from '../../mocks/world/options.ts';

export const SEEDS = [1, 2, 42] as const;

export interface TestWorld {
  readonly world: Answers;
  readonly chain: Chain;
}

const cache = new Map<string, TestWorld>();

export function testWorld(seed: number, network: NetworkName = 'mainnet', blocks?: number): TestWorld {
  const key = `${seed}:${network}:${blocks ?? ''}`;
  let entry = cache.get(key);
  if (!entry) {
    const options = { seed, network, ...(blocks === undefined ? {} : { blocks }) };
    entry = { world: createAnswers(options), chain: buildChain(resolveOptions(options)) };
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
