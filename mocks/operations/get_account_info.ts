import { serializeAccount } from '../serialize/nonces.ts';
import { ok, type OperationHandler } from './types.ts';

/** The stacks-node's account: an account the chain never saw answers zeros, as the node does. */
export const get_account_info: OperationHandler<'get_account_info'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const balances = queries.balances(path.principal, { unanchored: false });
    if (!balances) throw new Error('the tip has no balances');
    return ok(serializeAccount(balances.facts, queries.nonces(path.principal)));
  },
};
