import { offsetPage } from '../query/paging.ts';
import { serializePoxCycle } from '../serialize/pox.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_pox_cycles: OperationHandler<'get_pox_cycles', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const page = offsetPage(queries.explorer.rewardCycles(), query, 'whenShown');
    return ok({ ...page, results: page.results.map((c) => serializePoxCycle(queries.chain, c)) });
  },
};
