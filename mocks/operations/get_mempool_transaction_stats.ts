import { serializeMempoolStats } from '../serialize/mempool-stats.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_mempool_transaction_stats: OperationHandler<'get_mempool_transaction_stats'> = {
  defaulted: [],
  answer: ({ queries, release }) =>
    ok(serializeMempoolStats(queries.chain, queries.mempoolSamples(release.replaceByFee))),
};
