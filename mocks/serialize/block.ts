import type { Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { blockCostsOf } from '../world/derive/costs.ts';
import { isoOf } from './iso.ts';
import type { Block, BlockWithTransactionIds } from './types.ts';
import { toHex } from '../world/hex.ts';
import { blockHash, indexBlockHash } from '../world/derive/block-hashes.ts';

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

/**
 * A block in the real service's v1 form (what its live updates send): the v2 form's fields but
 * `parent_index_block_hash` and `tx_count`, with the block's transactions' ids (last first) and the
 * microblocks it accepted, in the real service's field order. Microblocks streamed on it come
 * after it, so a block just mined has none.
 */
export function serializeBlockWithTxIds(chain: Chain, height: number): BlockWithTransactionIds {
  const v2 = serializeBlock(chain, height);
  const first = chain.blocks.firstTx[height - 1] as number;
  const count = chain.blocks.txCount[height - 1] as number;
  const txs: string[] = [];
  const accepted = new Map<number, number>();
  for (let tx = first; tx < first + count; tx++) {
    txs.push(chain.txs.idHex(tx));
    const micro = chain.txs.micro.at(tx);
    if (chain.microblocks.has(micro)) accepted.set(micro, (accepted.get(micro) ?? 0) + 1);
  }
  const micros = [...accepted.keys()].sort((a, b) => a - b);
  const hashOf = (micro: number): string => toHex(chain.microblocks.hash, micro * 32, 32);
  const last = micros.at(-1);
  return {
    canonical: v2.canonical,
    height: v2.height,
    hash: v2.hash,
    block_time: v2.block_time,
    block_time_iso: v2.block_time_iso,
    ...(v2.tenure_height === undefined ? {} : { tenure_height: v2.tenure_height }),
    index_block_hash: v2.index_block_hash,
    parent_block_hash: v2.parent_block_hash,
    burn_block_time: v2.burn_block_time,
    burn_block_time_iso: v2.burn_block_time_iso,
    burn_block_hash: v2.burn_block_hash,
    burn_block_height: v2.burn_block_height,
    miner_txid: v2.miner_txid,
    parent_microblock_hash: last === undefined ? '' : hashOf(last),
    parent_microblock_sequence: last === undefined ? -1 : (chain.microblocks.sequence[last] as number),
    // The real service lists them by tx_index descending (its query's order), as recorded from it.
    txs: txs.reverse(),
    microblocks_accepted: micros.map(hashOf),
    microblocks_streamed: [],
    execution_cost_read_count: v2.execution_cost_read_count,
    execution_cost_read_length: v2.execution_cost_read_length,
    execution_cost_runtime: v2.execution_cost_runtime,
    execution_cost_write_count: v2.execution_cost_write_count,
    execution_cost_write_length: v2.execution_cost_write_length,
    microblock_tx_count: Object.fromEntries(micros.map((m) => [hashOf(m), accepted.get(m) as number])),
  };
}
