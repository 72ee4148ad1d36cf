import { burnchainAddressOf } from '../../spec/burnchain-address.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

export const get_burnchain_rewards_total_by_address: OperationHandler<'get_burnchain_rewards_total_by_address'> =
  {
    defaulted: [],
    answer: ({ queries, path }) => {
      const address = burnchainAddressOf(path.address);
      if (address === undefined)
        return badRequest(`Address ${path.address.trim()} is not a valid Bitcoin or STX address.`);
      return ok({ reward_recipient: address, reward_amount: String(queries.burnchain.rewardTotal(address)) });
    },
  };
