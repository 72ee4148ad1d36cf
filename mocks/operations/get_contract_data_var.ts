import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** A data variable's value as of `tip`. The node's Merkle proof is never sent: no MARF here. */
export const get_contract_data_var: OperationHandler<'get_contract_data_var', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (reads, { at }) => {
      const data = reads.dataVar(contractIdOf(path), path.var_name, at);
      return data === undefined ? nodeNotFound('Data var not found') : ok({ data });
    }),
};
