import { serializeMempoolFees } from '../serialize/mempool-fees.ts';
import { ok, type OperationHandler } from './types.ts';

/** From the same pending transactions the mempool statistics count (without those replaced by fee, where the release replaces). */
export const get_mempool_fee_priorities: OperationHandler<'get_mempool_fee_priorities'> = {
  defaulted: [],
  answer: ({ queries, release }) => ok(serializeMempoolFees(queries.mempoolSamples(release.replaceByFee))),
};
