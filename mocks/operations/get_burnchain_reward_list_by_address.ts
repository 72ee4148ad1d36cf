import { windowRows } from '../query/paging.ts';
import { serializeReward } from '../serialize/burnchain-rewards.ts';
import { burnchainAddressOf } from '../../spec/burnchain-address.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

export const get_burnchain_reward_list_by_address: OperationHandler<
  'get_burnchain_reward_list_by_address',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const address = burnchainAddressOf(path.address);
    // This route's wording, unlike its siblings', names no address.
    if (address === undefined) return badRequest('Address is not a valid Bitcoin or STX address.');
    const rows = windowRows(queries.burnchain.rewards(address), query);
    return ok({
      limit: query.limit,
      offset: query.offset,
      results: rows.map((r) => serializeReward(queries.chain, r)),
    });
  },
};
