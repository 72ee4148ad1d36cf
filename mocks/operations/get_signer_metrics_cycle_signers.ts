import { cycleSigning } from '../query/signer-metrics.ts';
import { windowRows, type Listing } from '../query/paging.ts';
import { serializeSignerMetrics } from '../serialize/signer-metrics.ts';
import { ok, type OperationHandler } from './types.ts';

/**
 * The signer metrics service's list of a cycle's signers. Its `total` is the page's length, as the
 * service counts it, and a cycle it has no set for gives an empty page, not a 404.
 */
export const get_signer_metrics_cycle_signers: OperationHandler<
  'get_signer_metrics_cycle_signers',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    const positions: Listing<number> = { total: cycle?.signers.length ?? 0, at: (position) => position };
    const shown = windowRows(positions, query);
    const signing = cycle && shown.length > 0 ? cycleSigning(queries.chain, cycle.cycle) : undefined;
    const results = cycle && signing ? shown.map((p) => serializeSignerMetrics(cycle, p, signing)) : [];
    return ok({ total: results.length, limit: query.limit, offset: query.offset, results });
  },
};
