import { serializeNonces } from '../serialize/nonces.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** The tip's nonces, or a past block's (`block_height` / `block_hash`: its mined transactions only). */
export const get_account_nonces: OperationHandler<'get_account_nonces'> = {
  defaulted: [],
  answer: ({ queries, path, query }) => {
    const block =
      query.block_height !== undefined
        ? { height: query.block_height }
        : query.block_hash !== undefined
          ? { hash: normalizeHex(query.block_hash) }
          : undefined;
    if (!block) return ok(serializeNonces(queries.nonces(path.principal)));
    const facts = queries.noncesAt(path.principal, block);
    if (!facts) return notFound(`No block found for ${JSON.stringify(block)}`);
    return ok(serializeNonces(facts));
  },
};
