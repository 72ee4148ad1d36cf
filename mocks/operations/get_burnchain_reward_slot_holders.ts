import { offsetPage } from '../query/paging.ts';
import { serializeSlotHolder } from '../serialize/burnchain-rewards.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_burnchain_reward_slot_holders: OperationHandler<
  'get_burnchain_reward_slot_holders',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const page = offsetPage(queries.burnchain.slotHolders(), query, 'whenShown');
    return ok({ ...page, results: page.results.map((r) => serializeSlotHolder(queries.chain, r)) });
  },
};
