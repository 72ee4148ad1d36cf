import { serializeBurnBlock } from '../serialize/burn-block.ts';
import { burnBlockRefOf } from './burn-block-ref.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_burn_block: OperationHandler<'get_burn_block'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const row = queries.explorer.burnBlock(burnBlockRefOf(path.height_or_hash));
    return row ? ok(serializeBurnBlock(queries.chain, row)) : notFound('Not found');
  },
};
