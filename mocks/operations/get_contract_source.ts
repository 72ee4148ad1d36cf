import { sourceOf } from '../world/derive/contract-source.ts';
import { contractAt } from '../world/tables/chain.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, heightOfTip, NO_TIP, nodeNotFound, withEngine } from './node-reads.ts';

const NOT_FOUND = 'No contract source data found';

/**
 * The contract's source and publish height as of `tip`, from the world itself (no engine
 * needed). A boot contract the world does not record (BNS, the costs contracts, …) is the
 * engine's, published in the block of the world's own boot deployments (its pox-4's): that one
 * waits for the engine, and answers the one error naming its package without it. The node's Merkle proof
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
    // The other boot contracts were deployed with the world's own (its pox-4), in its boot block.
    const booted = queries.contracts().find(contractAt(queries.chain, queries.chain.poxContract).id, height);
    if (queries.contracts().find(id) || !queries.clarity.isBootContract(id) || !booted)
      return nodeNotFound<'get_contract_source'>(NOT_FOUND);
    return withEngine<'get_contract_source'>(queries, query.tip, (reads) => {
      const boot = reads.source(id);
      return boot ? ok({ source: boot.source, publish_height: booted.height }) : nodeNotFound(NOT_FOUND);
    });
  },
};
