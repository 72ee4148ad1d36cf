import { listingOf, offsetPage } from '../query/paging.ts';
import { serializePoxSigner } from '../serialize/pox.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_pox_cycle_signers: OperationHandler<'get_pox_cycle_signers', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    if (!cycle) return notFound('PoX cycle not found');
    const page = offsetPage(listingOf(cycle.signers), query, 'whenShown');
    return ok({ ...page, results: page.results.map((s) => serializePoxSigner(queries.chain, cycle, s)) });
  },
};
