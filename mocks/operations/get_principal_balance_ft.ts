import { heldOf } from '../query/balances.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_balance_ft: OperationHandler<'get_principal_balance_ft'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const { facts } = queries.tipBalances(path.principal);
    const contract = queries.chain.contracts.find((c) => c.assetId === path.asset_identifier);
    const totals = contract && facts.ft.get(contract.index);
    // A token the principal never held, or no token at all, is a balance of 0 (real service).
    return ok({
      asset_identifier: path.asset_identifier,
      balance: String(totals ? heldOf(totals) : 0),
    });
  },
};
