import { BlockKey } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';

/** Parent of block 1: the real chain's genesis parent is all zeros. */
export const ZERO_HASH = `0x${'00'.repeat(32)}`;

export function blockHash(chain: Chain, height: number): string {
  return height < 1 ? ZERO_HASH : chain.blocks.hex(BlockKey.Hash, height - 1);
}

export function indexBlockHash(chain: Chain, height: number): string {
  return height < 1 ? ZERO_HASH : chain.blocks.hex(BlockKey.IndexHash, height - 1);
}
