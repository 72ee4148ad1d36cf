import type { components } from '../../spec/types.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

type ContractInterface = components['schemas']['ContractInterface'];

/**
 * The contract's interface from the engine's analysis, for a contract of the world deployed at or
 * below `tip` (the engine gives none for the boot contracts: 404, as for an unknown one).
 */
export const get_contract_interface: OperationHandler<'get_contract_interface', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (reads, { height }) => {
      const id = contractIdOf(path);
      const found = queries.contracts().find(id, height) && reads.contractInterface(id);
      return found ? ok(found as ContractInterface) : nodeNotFound('No contract interface data found');
    }),
};
