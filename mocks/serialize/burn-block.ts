import type { components } from '../../spec/types.ts';
import type { BurnBlockRow } from '../query/explorer.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { Chain } from '../world/tables/chain.ts';
import { blockHash } from '../world/derive/block-hashes.ts';
import { isoOf } from './iso.ts';

type BurnBlock = components['schemas']['BurnBlock'];

/**
 * A burn block as the real service lists it: its Stacks blocks' hashes (newest first), their
 * transactions counted, and the mean gap between their block times, cut to whole seconds as its
 * integer schema writes the mean.
 */
export function serializeBurnBlock(chain: Chain, row: BurnBlockRow): BurnBlock {
  const b = chain.blocks;
  const first = row.first - 1;
  const hashes: string[] = [];
  let txs = 0;
  for (let height = row.last; height >= row.first; height--) {
    hashes.push(blockHash(chain, height));
    txs += b.txCount[height - 1] as number;
  }
  const blocks = row.last - row.first + 1;
  const gaps = blocks > 1 ? ((b.time[row.last - 1] as number) - (b.time[first] as number)) / (blocks - 1) : 0;
  const burnTime = b.burnTime[first] as number;
  return {
    burn_block_time: burnTime,
    burn_block_time_iso: isoOf(burnTime),
    burn_block_hash: b.hex(BlockKey.BurnHash, first),
    burn_block_height: row.burnHeight,
    stacks_blocks: hashes,
    avg_block_time: Math.trunc(Number(gaps.toFixed(2))),
    total_tx_count: txs,
  };
}
