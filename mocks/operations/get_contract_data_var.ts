import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** A data variable's value as of `tip`; the node sends no proof here (`proof` is read and ignored: no MARF). */
export const get_contract_data_var: OperationHandler<'get_contract_data_var'> = {
  defaulted: [],
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (engine, height) => {
      const data = engine.dataVar(contractIdOf(path), path.var_name, height);
      return data === undefined ? nodeNotFound('Data var not found') : ok({ data });
    }),
};
