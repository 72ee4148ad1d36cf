import { cycleSigning } from '../query/signer-metrics.ts';
import { serializeSignerMetrics } from '../serialize/signer-metrics.ts';
import { ok, own, type OperationHandler } from './types.ts';

/** One signer of the signer metrics service's list, by its signing key. */
export const get_signer_metrics_cycle_signer: OperationHandler<'get_signer_metrics_cycle_signer'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    const given = path.signer_key.toLowerCase();
    const key = given.startsWith('0x') ? given : `0x${given}`;
    const position = cycle?.signers.findIndex((s) => s.signingKey === key) ?? -1;
    if (!cycle || position < 0) return own({ json: SIGNER_NOT_FOUND }, 404);
    return ok(serializeSignerMetrics(cycle, position, cycleSigning(queries.chain, cycle.cycle)));
  },
};

/** The signer metrics service's 404 body. */
const SIGNER_NOT_FOUND = { error: 'Signer not found' };
