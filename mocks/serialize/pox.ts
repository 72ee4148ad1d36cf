import { getAddressFromPublicKey } from '@stacks/transactions';
import type { components } from '../../spec/types.ts';
import type { RewardCycle, RewardSigner } from '../world/derive/reward-sets.ts';
import { indexBlockHash } from '../world/derive/block-hashes.ts';
import type { Chain } from '../world/tables/chain.ts';

type PoxCycle = components['schemas']['PoxCycle'];
type PoxSigner = components['schemas']['PoxSigner'];

export function serializePoxCycle(chain: Chain, cycle: RewardCycle): PoxCycle {
  return {
    block_height: cycle.height,
    index_block_hash: indexBlockHash(chain, cycle.height),
    cycle_number: cycle.cycle,
    total_weight: cycle.totalWeight,
    total_stacked_amount: String(cycle.totalStacked),
    total_signers: cycle.signers.length,
  };
}

/** A signer as the real service lists it: the address of its key on the world's network, its shares in percent. */
export function serializePoxSigner(chain: Chain, cycle: RewardCycle, signer: RewardSigner): PoxSigner {
  return {
    signing_key: signer.signingKey,
    signer_address: getAddressFromPublicKey(signer.signingKey.slice(2), chain.net.name),
    weight: signer.weight,
    stacked_amount: String(signer.stacked),
    weight_percent: (signer.weight / cycle.totalWeight) * 100,
    stacked_amount_percent: (Number(signer.stacked) / Number(cycle.totalStacked)) * 100,
    solo_stacker_count: signer.stackers.length,
    pooled_stacker_count: 0,
  };
}
