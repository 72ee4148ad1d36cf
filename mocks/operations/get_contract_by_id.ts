import { serializeSmartContract } from '../serialize/contracts.ts';
import { notFound, ok, type OperationHandler } from './types.ts';
import { engineIfInstalled } from './node-reads.ts';
import { jsonbText } from '../serialize/jsonb-text.ts';

/**
 * A mined contract; its ABI is the engine's interface (a boot contract's as the node deployed
 * it) as JSON text in the key order the real service's jsonb column gives back, or null without
 * the engine.
 */
export const get_contract_by_id: OperationHandler<'get_contract_by_id', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: async ({ queries, path }) => {
    const id = path.contract_id;
    const found = queries.contracts().find(id);
    if (!found) return notFound<'get_contract_by_id'>('cannot find contract by ID');
    const reads = await engineIfInstalled(queries);
    const abi =
      reads &&
      (reads.contractInterface(id) ?? (await queries.clarity.bootInterface(id).catch(() => undefined)));
    return ok<'get_contract_by_id'>(
      serializeSmartContract(queries.chain, found, abi ? jsonbText(abi) : null),
    );
  },
};
