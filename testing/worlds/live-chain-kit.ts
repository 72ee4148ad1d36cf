import { createMock, nodeSources } from '../../mocks/create-mock.ts';
import type { MockKernel } from '../../mocks/kernel.ts';
import { WorldQueries } from '../../mocks/query/world-queries.ts';
import { mempoolTxIds, minedTxIds } from './test-worlds.ts';
import { resolveOptions } from '../../mocks/world/options.ts';
import type { Chain } from '../../mocks/world/tables/chain.ts';
import { kernelReads, type KernelReads } from '../../mocks/kernel-reads.ts';
import { txDetails } from '../http/kernel-reads.ts';

// What the living chain's tests share: a mock of their seed, its parties, and every answer a client can see.
export const OPTIONS = resolveOptions({ seed: 3, blocks: 120 });
export const TX_OPTS = { unanchored: false, events: { limit: 50, offset: 0 } };

/** The mock of the tests' world; `blockSeconds` > 0: each mined block that many seconds after its parent. */
export function liveMock(blockSeconds = 0, sources = nodeSources(undefined)): MockKernel {
  return createMock(
    { seed: OPTIONS.seed, blocks: OPTIONS.blocks, blockTime: blockSeconds, quiet: true },
    sources,
  );
}

/** A mock serving the chain `mock` serves now, its queries and catalogue indexed afresh. */
export function reindexed(mock: MockKernel): MockKernel {
  const chain = chainOf(mock);
  const catalogue = new WorldQueries(chain).catalogue();
  return liveMock(0, { ...nodeSources(undefined), restore: () => ({ chain, catalogue }) });
}

export function chainOf(mock: MockKernel): Chain {
  return mock.live.queries.chain;
}

/** `get_tx_list_details`'s entry for one id (`{found: false}` for its 404). */
export function txOf(world: KernelReads, id: string, unanchored = false) {
  return txDetails(world, [id], { ...TX_OPTS, unanchored })[id];
}

/** A rich sender and a recipient from the world catalogue. */
export function parties(mock: MockKernel): { sender: string; recipient: string } {
  const catalogue = kernelReads(mock).catalogue();
  return { sender: catalogue.addresses.stx_activity, recipient: catalogue.addresses.locked_stx };
}

/**
 * Every answer of a mock, for the principals given: what a client can see. Two mocks with the
 * same answers are the same to any client.
 */
export function everyAnswer(mock: MockKernel, principals: string[]): string {
  const world = kernelReads(mock);
  const chain = chainOf(mock);
  const ids = [...minedTxIds(chain), ...mempoolTxIds(chain)];
  const latest = world.get('get_block', { path: { height_or_hash: 'latest' } });
  const history = (principal: string, query: { limit: number; offset: number; unanchored: boolean }) =>
    world.get('get_account_transactions_with_transfers', { path: { principal }, query });
  const balances = (principal: string, query: { unanchored: boolean; until_block?: string }) =>
    world.get('get_account_balance', { path: { principal }, query });
  return JSON.stringify({
    status: world.get('get_status'),
    latest,
    stats: world.get('get_mempool_transaction_stats'),
    catalogue: world.catalogue(),
    txs: txDetails(world, ids, { ...TX_OPTS, unanchored: true }),
    principals: principals.map((p) => ({
      balances: balances(p, { unanchored: false }),
      unanchored: balances(p, { unanchored: true }),
      history: history(p, { limit: 50, offset: 0, unanchored: false }),
      page2: history(p, { limit: 5, offset: 5, unanchored: true }),
      untilTip: balances(p, { until_block: String(latest?.height ?? 0), unanchored: false }),
    })),
  });
}

/** A micro-STX amount the answer must carry. */
export function big(value: string | undefined): bigint {
  if (value === undefined) throw new Error('amount missing');
  return BigInt(value);
}

export function samplePrincipals(mock: MockKernel): string[] {
  return [...new Set(Object.values(kernelReads(mock).catalogue().addresses).filter(Boolean))];
}
