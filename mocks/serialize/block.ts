import type { Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { blockCostsOf } from '../world/derive/costs.ts';
import { isoOf } from './iso.ts';
import type { Block } from './types.ts';

/** Parent of block 1: the real chain's genesis parent is all zeros. */
export const ZERO_HASH = `0x${'00'.repeat(32)}`;

export function blockHash(chain: Chain, height: number): string {
  return height < 1 ? ZERO_HASH : chain.blocks.hex(BlockKey.Hash, height - 1);
}

export function indexBlockHash(chain: Chain, height: number): string {
  return height < 1 ? ZERO_HASH : chain.blocks.hex(BlockKey.IndexHash, height - 1);
}

export function serializeBlock(chain: Chain, height: number): Block {
  const b = chain.blocks;
  const row = height - 1;
  const [readCount, readLength, runtime, writeCount, writeLength] = blockCostsOf(chain, height);
  return {
    canonical: true,
    height,
    hash: blockHash(chain, height),
    block_time: b.time[row] as number,
    block_time_iso: isoOf(b.time[row] as number),
    tenure_height: b.tenureHeight[row] as number,
    index_block_hash: indexBlockHash(chain, height),
    parent_block_hash: blockHash(chain, height - 1),
    parent_index_block_hash: indexBlockHash(chain, height - 1),
    burn_block_time: b.burnTime[row] as number,
    burn_block_time_iso: isoOf(b.burnTime[row] as number),
    burn_block_hash: b.hex(BlockKey.BurnHash, row),
    burn_block_height: b.burnHeight[row] as number,
    miner_txid: b.hex(BlockKey.MinerTxid, row),
    tx_count: b.txCount[row] as number,
    execution_cost_read_count: readCount,
    execution_cost_read_length: readLength,
    execution_cost_runtime: runtime,
    execution_cost_write_count: writeCount,
    execution_cost_write_length: writeLength,
  };
}
