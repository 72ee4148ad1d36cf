import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, heightOfTip, NO_TIP, nodeNotFound, servedSource, withEngine } from './node-reads.ts';
import { sourceOf } from '../world/derive/contract-source.ts';
import { isNodeBootContract } from '../world/tables/kinds.ts';

const NOT_FOUND = 'No contract source data found';

/**
 * The contract's source and publish height as of `tip`, from the world itself (no engine
 * needed). One of the node's boot contracts (BNS, the costs contracts, …) is the engine's, as
 * `/extended/v1/contract/{id}` serves it: that one waits for the engine, and answers the one error
 * naming its package without it. The node's Merkle proof is never sent: this mock has no MARF
 * (`proof` is accepted).
 */
export const get_contract_source: OperationHandler<'get_contract_source', never, boolean> = {
  defaulted: [],
  answer: ({ queries, path, query }) => {
    const height = heightOfTip(queries, query.tip);
    if (height === undefined) return nodeNotFound<'get_contract_source'>(NO_TIP);
    const found = queries.contracts().find(contractIdOf(path), height);
    if (!found) return nodeNotFound<'get_contract_source'>(NOT_FOUND);
    if (!isNodeBootContract(found.contract.kind))
      return ok<'get_contract_source'>({
        source: sourceOf(queries.chain, found.contract),
        publish_height: found.height,
      });
    return withEngine<'get_contract_source'>(queries, query.tip, (reads) => {
      const source = servedSource(queries.chain, found, reads);
      return source === undefined ? nodeNotFound(NOT_FOUND) : ok({ source, publish_height: found.height });
    });
  },
};
