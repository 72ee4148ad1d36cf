import { offsetPage } from '../query/paging.ts';
import { serializeBurnBlock } from '../serialize/burn-block.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_burn_blocks: OperationHandler<'get_burn_blocks', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const page = offsetPage(queries.explorer.burnBlocks(), query, 'whenShown');
    return ok({ ...page, results: page.results.map((row) => serializeBurnBlock(queries.chain, row)) });
  },
};
