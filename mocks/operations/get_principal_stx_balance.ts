import { serializeStxBalanceV2 } from '../serialize/balances.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_stx_balance: OperationHandler<'get_principal_stx_balance', 'include_mempool'> = {
  defaulted: ['include_mempool'],
  answer: ({ queries, path, query }) => {
    const { facts, mempool } = queries.tipBalances(path.principal);
    const pending = query.include_mempool ? (mempool ?? { inbound: 0, outbound: 0 }) : undefined;
    return ok(serializeStxBalanceV2(queries.chain, facts, pending));
  },
};
