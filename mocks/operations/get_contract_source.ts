import { sourceOf } from '../world/derive/contract-source.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, heightOfTip, NO_TIP, nodeNotFound } from './node-reads.ts';

/**
 * The contract's source and publish height as of `tip`, from the world itself (no engine
 * needed). The node's Merkle proof is never sent: this mock has no MARF (`proof` is accepted).
 */
export const get_contract_source: OperationHandler<'get_contract_source'> = {
  defaulted: [],
  answer: ({ queries, path, query }) => {
    const height = heightOfTip(queries, query.tip);
    if (height === undefined) return nodeNotFound(NO_TIP);
    const found = queries.contracts().find(contractIdOf(path), height);
    if (!found) return nodeNotFound('No contract source data found');
    return ok({ source: sourceOf(queries.chain, found.contract), publish_height: found.height });
  },
};
