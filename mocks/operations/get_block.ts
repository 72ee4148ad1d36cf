import { serializeBlock } from '../serialize/block.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_block: OperationHandler<'get_block'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const ref = path.height_or_hash;
    const height = queries.blockHeight(
      ref === 'latest'
        ? { latest: true }
        : typeof ref === 'number'
          ? { height: ref }
          : { hash: normalizeHex(ref) },
    );
    return height === undefined ? notFound('Block not found') : ok(serializeBlock(queries.chain, height));
  },
};
