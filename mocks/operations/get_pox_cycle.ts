import { serializePoxCycle } from '../serialize/pox.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_pox_cycle: OperationHandler<'get_pox_cycle'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    return cycle ? ok(serializePoxCycle(queries.chain, cycle)) : notFound('Not found');
  },
};
