import { sourceOf } from '../world/derive/contract-source.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, heightOfTip, NO_TIP, nodeNotFound, withEngine } from './node-reads.ts';

const NOT_FOUND = 'No contract source data found';

/**
 * The contract's source and publish height as of `tip`, from the world itself (no engine
 * needed). A boot contract the world does not record (BNS, the costs contracts, …) is the
 * engine's, there since before the world's first block (publish height 0): that one waits for
 * the engine, and answers the one error naming its package without it. The node's Merkle proof
 * is never sent: this mock has no MARF (`proof` is accepted).
 */
export const get_contract_source: OperationHandler<'get_contract_source', never, boolean> = {
  defaulted: [],
  answer: ({ queries, path, query }) => {
    const height = heightOfTip(queries, query.tip);
    if (height === undefined) return nodeNotFound<'get_contract_source'>(NO_TIP);
    const id = contractIdOf(path);
    const found = queries.contracts().find(id, height);
    if (found)
      return ok<'get_contract_source'>({
        source: sourceOf(queries.chain, found.contract),
        publish_height: found.height,
      });
    if (queries.contracts().find(id) || !queries.clarity.isBootContract(id))
      return nodeNotFound<'get_contract_source'>(NOT_FOUND);
    return withEngine<'get_contract_source'>(queries, query.tip, (reads) => {
      const boot = reads.source(id);
      return boot ? ok({ source: boot.source, publish_height: 0 }) : nodeNotFound(NOT_FOUND);
    });
  },
};
