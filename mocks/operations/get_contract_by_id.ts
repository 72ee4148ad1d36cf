import { serializeSmartContract } from '../serialize/contracts.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** A mined contract; its ABI is the engine's interface as JSON text, or null without the engine. */
export const get_contract_by_id: OperationHandler<'get_contract_by_id'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const found = queries.contracts().find(path.contract_id);
    if (!found) return notFound('cannot find contract by ID');
    const abi = queries.clarity?.contractInterface(found.contract.id, found.height);
    return ok(serializeSmartContract(queries.chain, found, abi ? JSON.stringify(abi) : null));
  },
};
