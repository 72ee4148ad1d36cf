import { serializePoxInfo } from '../serialize/pox-info.ts';
import { ok, type OperationHandler } from './types.ts';
import { heightOfTip, NO_TIP, nodeNotFound } from './node-reads.ts';

/** pox-4's state as of `tip`, as the node reads it. */
export const get_pox_info: OperationHandler<'get_pox_info'> = {
  defaulted: [],
  answer: ({ queries, query }) => {
    const height = heightOfTip(queries, query.tip);
    if (height === undefined) return nodeNotFound(NO_TIP);
    return ok(serializePoxInfo(queries.chain, queries.poxFacts(height)));
  },
};
