import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { toHex } from '../world/hex.ts';
import { blockHash, indexBlockHash } from '../world/derive/block-hashes.ts';
import type { ServerStatus } from './types.ts';

export function serializeStatus(chain: Chain, release: ReleaseProfile): ServerStatus {
  const tip = tipHeight(chain);
  const [pox1, pox2, pox3] = chain.net.poxUnlockHeights;
  const micro = chain.microblocks;
  const latest = micro.count - 1;
  const microblock =
    latest >= 0 && micro.unanchored[latest] === 1
      ? {
          microblock_hash: toHex(micro.hash, latest * 32, 32),
          microblock_sequence: micro.sequence[latest] as number,
        }
      : {};
  const pox = release.statusPoxUnlockHeights
    ? { pox_v1_unlock_height: pox1, pox_v2_unlock_height: pox2, pox_v3_unlock_height: pox3 }
    : {};
  return {
    server_version: release.serverVersion,
    status: 'ready',
    ...pox,
    chain_tip: {
      block_height: tip,
      block_hash: blockHash(chain, tip),
      index_block_hash: indexBlockHash(chain, tip),
      ...microblock,
      burn_block_height: chain.blocks.burnHeight[tip - 1] as number,
    },
  };
}
