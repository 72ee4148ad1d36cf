import { burnHeightAt, contractAt, type Chain } from '../world/tables/chain.ts';
import type { PoxFacts } from '../query/pox-facts.ts';
import type { PoxInfo } from './types.ts';

/** Reward addresses a block commit pays (`OUTPUTS_PER_COMMIT`). */
const OUTPUTS_PER_COMMIT = 2;
/** The threshold is rounded up to 10,000 STX (`POX_THRESHOLD_STEPS_USTX`) and never under a quarter of the liquid supply's share. */
const THRESHOLD_STEP = 10_000_000_000;
const MAXIMAL_SCALING = 4;
/** The node's block limit since epoch 2.1 (`BLOCK_LIMIT_MAINNET_21`). */
const BLOCK_LIMIT = {
  read_count: 15_000,
  read_length: 100_000_000,
  runtime: 5_000_000_000,
  write_count: 15_000,
  write_length: 15_000_000,
};
/** The last epoch's end: the node writes u64's largest, past what a JSON number holds in JavaScript. */
const OPEN_END = Number.MAX_SAFE_INTEGER;

/** `StacksChainState::get_threshold_from_participation`. */
function threshold(liquid: number, stacked: number, slots: number): number {
  const precise = Math.floor(Math.max(stacked, Math.floor(liquid / MAXIMAL_SCALING)) / slots);
  const rest = precise % THRESHOLD_STEP;
  return rest === 0 ? precise : precise + THRESHOLD_STEP - rest;
}

/**
 * `GET /v2/pox` as a stacks-node answers it (`RPCPoxInfoData::from_db`), from pox-4's facts at
 * the tip: the cycle arithmetic from the first burn height (0: the world's cycles start there),
 * the thresholds from the liquid supply and what is stacked, the epochs of the world (2.5, then
 * 3.0 from the burn height of its first Nakamoto block).
 */
export function serializePoxInfo(chain: Chain, pox: PoxFacts): PoxInfo {
  const { poxPrepareLength: prepare, poxActivationPct: activationPct } = chain.net;
  // The node writes these as JSON numbers: past 2^53 − 1 (a world file's) as exact as a double.
  const facts = {
    ...pox,
    liquidSupply: Number(pox.liquidSupply),
    stackedNow: Number(pox.stackedNow),
    stackedNext: Number(pox.stackedNext),
  };
  const length = facts.cycleLength;
  const first = 0;
  const poxId = contractAt(chain, chain.poxContract).id;
  const slots = (length - prepare) * OUTPUTS_PER_COMMIT;
  // pox-4's `get-stacking-minimum`: what one `stack-stx` must lock at least.
  const minIncrement = Math.floor(facts.liquidSupply / chain.net.stackingMinimumDivisor);
  const nextThreshold = threshold(facts.liquidSupply, facts.stackedNext, slots);
  const nextIn = length - ((facts.burnHeight - first) % length);
  const rewardStart = facts.burnHeight + nextIn;
  const prepareStart = rewardStart - prepare;
  const nakamotoBurn = burnHeightAt(chain, chain.options.nakamotoHeight);
  const epochs = [
    {
      epoch_id: 'Epoch25',
      start_height: 0,
      end_height: nakamotoBurn,
      block_limit: BLOCK_LIMIT,
      network_epoch: 10,
    },
    {
      epoch_id: 'Epoch30',
      start_height: nakamotoBurn,
      end_height: OPEN_END,
      block_limit: BLOCK_LIMIT,
      network_epoch: 11,
    },
  ];
  const current = facts.burnHeight >= nakamotoBurn ? 'Epoch30' : 'Epoch25';
  return {
    contract_id: poxId,
    first_burnchain_block_height: first,
    current_burnchain_block_height: facts.burnHeight,
    pox_activation_threshold_ustx: Math.floor((facts.liquidSupply * activationPct) / 100),
    prepare_phase_block_length: prepare,
    reward_phase_block_length: length - prepare,
    reward_slots: slots,
    rejection_fraction: null,
    total_liquid_supply_ustx: facts.liquidSupply,
    current_cycle: {
      id: facts.cycle,
      min_threshold_ustx: threshold(facts.liquidSupply, facts.stackedNow, slots),
      stacked_ustx: facts.stackedNow,
      is_pox_active: facts.stackedNow * 100 > facts.liquidSupply * activationPct,
    },
    next_cycle: {
      id: facts.cycle + 1,
      min_threshold_ustx: nextThreshold,
      min_increment_ustx: minIncrement,
      stacked_ustx: facts.stackedNext,
      prepare_phase_start_block_height: prepareStart,
      blocks_until_prepare_phase: prepareStart - facts.burnHeight,
      reward_phase_start_block_height: rewardStart,
      blocks_until_reward_phase: nextIn,
      ustx_until_pox_rejection: null,
    },
    min_amount_ustx: nextThreshold,
    prepare_cycle_length: prepare,
    reward_cycle_id: facts.cycle,
    reward_cycle_length: length,
    rejection_votes_left_required: null,
    next_reward_cycle_in: nextIn,
    contract_versions: [
      { contract_id: poxId, activation_burnchain_block_height: first, first_reward_cycle_id: 0 },
    ],
    epochs,
    current_epoch: current,
  };
}
