import { windowRows } from '../query/paging.ts';
import { serializeReward } from '../serialize/burnchain-rewards.ts';
import { ok, type OperationHandler } from './types.ts';

/** The real service's reward lists carry no `total`. */
export const get_burnchain_reward_list: OperationHandler<'get_burnchain_reward_list', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const rows = windowRows(queries.burnchain.rewards(), query);
    return ok({
      limit: query.limit,
      offset: query.offset,
      results: rows.map((r) => serializeReward(queries.chain, r)),
    });
  },
};
