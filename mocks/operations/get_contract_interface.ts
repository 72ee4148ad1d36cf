import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** The contract's interface from the engine's analysis, as of `tip`. */
export const get_contract_interface: OperationHandler<'get_contract_interface'> = {
  defaulted: [],
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (engine, height) => {
      const found = engine.contractInterface(contractIdOf(path), height);
      return found ? ok(found) : nodeNotFound('No contract interface data found');
    }),
};
