import { serializeBlock } from '../serialize/block.ts';
import { blockRefOf } from './block-ref.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_block: OperationHandler<'get_block'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const height = queries.blockHeight(blockRefOf(path.height_or_hash));
    return height === undefined ? notFound('Block not found') : ok(serializeBlock(queries.chain, height));
  },
};
