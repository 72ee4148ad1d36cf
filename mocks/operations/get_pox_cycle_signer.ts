import { serializePoxSigner } from '../serialize/pox.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** One signer of a cycle by its key: the real service adds a missing `0x` and matches the rest as written. */
export const get_pox_cycle_signer: OperationHandler<'get_pox_cycle_signer'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    if (!cycle) return notFound('PoX cycle not found');
    const key = path.signer_key.startsWith('0x') ? path.signer_key : `0x${path.signer_key}`;
    const signer = cycle.signers.find((s) => s.signingKey === key);
    return signer ? ok(serializePoxSigner(queries.chain, cycle, signer)) : notFound('Not found');
  },
};
