import type { components } from '../../spec/types.ts';
import type { CycleSigning } from '../query/signer-metrics.ts';
import type { RewardCycle } from '../world/derive/reward-sets.ts';
import { isoOf } from './iso.ts';

type SignerMetricsSigner = components['schemas']['SignerMetricsSigner'];

/**
 * The signer at `position` of a cycle's set as the signer metrics service writes it: the same key,
 * weight and amounts `serializePoxSigner` gives, its position as slot and rank.
 */
export function serializeSignerMetrics(
  cycle: RewardCycle,
  position: number,
  signing: CycleSigning,
): SignerMetricsSigner {
  const signer = cycle.signers[position]!;
  return {
    signer_key: signer.signingKey,
    slot_index: position,
    weight: signer.weight,
    weight_percentage: (signer.weight / cycle.totalWeight) * 100,
    stacked_amount: String(signer.stacked),
    stacked_amount_percent: (Number(signer.stacked) / Number(cycle.totalStacked)) * 100,
    stacked_amount_rank: position + 1,
    proposals_accepted_count: signing.blocks,
    proposals_rejected_count: 0,
    proposals_missed_count: 0,
    average_response_time_ms: 0,
    last_seen: signing.lastTime === undefined ? null : isoOf(signing.lastTime),
    version: null,
  };
}
