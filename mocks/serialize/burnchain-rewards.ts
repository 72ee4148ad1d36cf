import type { components } from '../../spec/types.ts';
import type { RewardRow, SlotHolderRow } from '../query/burnchain-rewards.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { Chain } from '../world/tables/chain.ts';

type BurnchainRewardSlotHolder = components['schemas']['BurnchainRewardSlotHolder'];
type BurnchainReward = components['schemas']['BurnchainReward'];

export function serializeSlotHolder(chain: Chain, r: SlotHolderRow): BurnchainRewardSlotHolder {
  return {
    canonical: true,
    burn_block_hash: chain.blocks.hex(BlockKey.BurnHash, r.block.row),
    burn_block_height: r.block.burnHeight,
    address: r.address,
    slot_index: r.slotIndex,
  };
}

export function serializeReward(chain: Chain, r: RewardRow): BurnchainReward {
  return {
    canonical: true,
    burn_block_hash: chain.blocks.hex(BlockKey.BurnHash, r.block.row),
    burn_block_height: r.block.burnHeight,
    burn_amount: String(r.block.burnAmount),
    reward_recipient: r.recipient,
    reward_amount: String(r.amount),
    reward_index: r.rewardIndex,
  };
}
