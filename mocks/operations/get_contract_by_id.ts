import { isClarityUnavailable } from '../clarity/unavailable.ts';
import { serializeSmartContract } from '../serialize/contracts.ts';
import { notFound, ok, type OperationHandler } from './types.ts';
import { servedSource } from './node-reads.ts';
import { jsonbText } from '../serialize/jsonb-text.ts';
import { sourceOf } from '../world/derive/contract-source.ts';
import { isNodeBootContract } from '../world/tables/kinds.ts';
import type { ContractReads } from '../world/run/world-engine.ts';

const NOT_FOUND = 'cannot find contract by ID';

/**
 * A mined contract; its ABI is the engine's interface (a boot contract's as the node deployed
 * it) as JSON text in the key order the real service's jsonb column gives back, or null without
 * the engine. Its source is the one `/v2/contracts/source` answers: for one of the node's boot
 * contracts (BNS, the costs contracts, …) the engine's, so that one answers the one error naming
 * the engine's package without it.
 */
export const get_contract_by_id: OperationHandler<'get_contract_by_id', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: async ({ queries, path }) => {
    const id = path.contract_id;
    const found = queries.contracts().find(id);
    if (!found) return notFound<'get_contract_by_id'>(NOT_FOUND);
    let reads: ContractReads | undefined;
    try {
      reads = await queries.clarity.ready();
    } catch (err) {
      if (!isClarityUnavailable(err)) throw err;
      if (isNodeBootContract(found.contract.kind)) return { status: 501, message: err.message };
    }
    const source = reads
      ? servedSource(queries.chain, found, reads)
      : sourceOf(queries.chain, found.contract);
    if (source === undefined) return notFound<'get_contract_by_id'>(NOT_FOUND);
    // A boot contract's copies that fail are this answer's failure, as the world's engine's are.
    const abi = reads && (reads.contractInterface(id) ?? (await queries.clarity.bootInterface(id)));
    return ok<'get_contract_by_id'>(
      serializeSmartContract(queries.chain, found, source, abi ? jsonbText(abi) : null),
    );
  },
};
