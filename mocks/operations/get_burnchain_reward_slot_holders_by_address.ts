import { offsetPage } from '../query/paging.ts';
import { serializeSlotHolder } from '../serialize/burnchain-rewards.ts';
import { burnchainAddressOf } from '../../spec/burnchain-address.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

export const get_burnchain_reward_slot_holders_by_address: OperationHandler<
  'get_burnchain_reward_slot_holders_by_address',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const address = burnchainAddressOf(path.address);
    if (address === undefined)
      return badRequest(`Address ${path.address.trim()} is not a valid Bitcoin or STX address.`);
    const page = offsetPage(queries.burnchain.slotHolders(address), query, 'whenShown');
    return ok({ ...page, results: page.results.map((r) => serializeSlotHolder(queries.chain, r)) });
  },
};
