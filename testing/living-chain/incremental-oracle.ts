import type { MockKernel } from '../../mocks/kernel.ts';
import { kernelReads } from '../../mocks/kernel-reads.ts';
import type { ConfirmedTransaction } from '../../mocks/serialize/types.ts';
import { buildOracle, minedDetails, oracleOver, type Oracle } from '../worlds/test-oracle.ts';
import { BlockKey } from '../../mocks/world/tables/block-table.ts';

/**
 * The test oracle over a living chain, kept up to date at the cost of what changed: a mined
 * transaction's answer (operation 2, every event) is asked again only when its row, block or
 * anchoring changed, so a step costs its new blocks, not the whole chain. Every `verifyEvery`-th
 * oracle is also built from scratch, and a difference fails the run: the cache cannot hide a bug.
 */
export class IncrementalOracle {
  private readonly answers = new Map<string, { key: string; tx: ConfirmedTransaction }>();
  private built = 0;

  constructor(private readonly verifyEvery: number) {}

  now(mock: MockKernel): Oracle {
    const world = kernelReads(mock);
    const chain = mock.live.queries.chain;
    const { txs, blocks } = chain;
    const ids: string[] = [];
    const keys: string[] = [];
    const stale: string[] = [];
    for (let row = 0; row < txs.count; row++) {
      const id = txs.idHex(row);
      const height = txs.height[row] as number;
      const block = height <= blocks.count ? blocks.hex(BlockKey.Hash, height - 1) : '-';
      const key = `${row}:${height}:${block}:${row >= chain.anchoredCount ? 'unanchored' : 'anchored'}`;
      ids.push(id);
      keys.push(key);
      if (this.answers.get(id)?.key !== key) stale.push(id);
    }
    const fresh = new Map(minedDetails(world, stale).map((tx) => [tx.tx_id, tx]));
    const current = ids.map((id, i) => {
      const tx = fresh.get(id) ?? (this.answers.get(id)?.tx as ConfirmedTransaction);
      return { id, key: keys[i] as string, tx };
    });
    this.answers.clear();
    for (const { id, key, tx } of current) this.answers.set(id, { key, tx });
    const oracle = oracleOver(current.map((c) => c.tx));
    if (++this.built % this.verifyEvery === 0) {
      const scratch = buildOracle(world, chain);
      if (JSON.stringify(scratch.txs) !== JSON.stringify(oracle.txs))
        throw new Error(
          'the incremental oracle differs from one built from scratch: its cache keys miss a change',
        );
    }
    return oracle;
  }
}
