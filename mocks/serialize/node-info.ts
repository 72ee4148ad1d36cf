import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { NetworkName } from '../world/tables/network.ts';
import { toHex } from '../world/hex.ts';
import type { CoreNodeInfo } from './types.ts';

/** A stacks-node's identifiers per network: its peer version, its network and Bitcoin's. */
const NODE_IDS: Record<NetworkName, { peer: number; network: number; parent: number }> = {
  mainnet: { peer: 0x1800000c, network: 1, parent: 0xd9b4bef9 },
  testnet: { peer: 0xfacade0c, network: 0x80000000, parent: 0x0709110b },
};

/** The SHA-256 of the genesis chainstate every node of mainnet and testnet boots from. */
const GENESIS_CHAINSTATE_HASH = '74237aa39aa50a83de11a4f53e9d3bb7d43461d1de9873f402e5453ae60bc59b';

/** The version line of the node this mock stands for. */
export const NODE_SERVER_VERSION = 'stacks-node 3.2.0.0.2 (stacks-api-mock, a mock of the node)';

/**
 * `GET /v2/info` as a stacks-node answers it, from the chain the extended routes serve: the tip's
 * height and block hash (without `0x`), its burn height and tenure, consensus hashes taken from
 * the tip's burn block and the one before it, and the microblocks unanchored on the tip.
 */
export function serializeCoreInfo(chain: Chain): CoreNodeInfo {
  const tip = tipHeight(chain);
  const b = chain.blocks;
  const burn = b.burnHeight[tip - 1] as number;
  const consensus = consensusOf(chain, tip - 1);
  let stable = tip - 1;
  while (stable > 0 && (b.burnHeight[stable] as number) >= burn) stable--;
  const ids = NODE_IDS[chain.net.name];
  const micro = chain.microblocks;
  const latest = micro.count - 1;
  const unanchored = latest >= 0 && micro.unanchored[latest] === 1;
  return {
    peer_version: ids.peer,
    pox_consensus: consensus,
    burn_block_height: burn,
    stable_pox_consensus: consensusOf(chain, stable),
    stable_burn_block_height: Math.max(0, burn - 1),
    server_version: NODE_SERVER_VERSION,
    network_id: ids.network,
    parent_network_id: ids.parent,
    stacks_tip_height: tip,
    stacks_tip: b.hex(BlockKey.Hash, tip - 1).slice(2),
    stacks_tip_consensus_hash: consensus,
    genesis_chainstate_hash: GENESIS_CHAINSTATE_HASH,
    unanchored_tip: unanchored ? toHex(micro.hash, latest * 32, 32).slice(2) : null,
    unanchored_seq: unanchored ? (micro.sequence[latest] as number) : null,
    tenure_height: b.tenureHeight[tip - 1] as number,
    exit_at_block_height: null,
    is_fully_synced: true,
    stackerdbs: [],
  };
}

/** A block's consensus hash (20 bytes): the first 20 of its tenure's burn block hash. */
function consensusOf(chain: Chain, row: number): string {
  return chain.blocks.hex(BlockKey.BurnHash, row).slice(2, 42);
}
