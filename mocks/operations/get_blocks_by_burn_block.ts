import { offsetPage } from '../query/paging.ts';
import { serializeBlock } from '../serialize/block.ts';
import { burnBlockRefOf } from './burn-block-ref.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** The Stacks blocks one burn block anchors, newest first. */
export const get_blocks_by_burn_block: OperationHandler<'get_blocks_by_burn_block', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const row = queries.explorer.burnBlock(burnBlockRefOf(path.height_or_hash));
    if (!row) return notFound('Burn block not found');
    const heights = { total: row.last - row.first + 1, at: (position: number) => row.last - position };
    const page = offsetPage(heights, query, 'whenShown');
    return ok({ ...page, results: page.results.map((h) => serializeBlock(queries.chain, h)) });
  },
};
