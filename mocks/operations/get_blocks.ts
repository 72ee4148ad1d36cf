import { indexBlockHash } from '../world/derive/block-hashes.ts';
import { serializeBlock } from '../serialize/block.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * The v2 block list, paged as the real service pages it: from a cursor block (the tip without
 * one), `offset` blocks older (newer when negative), with the cursors of the pages of `limit`
 * blocks on either side.
 */
export const get_blocks: OperationHandler<'get_blocks', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const { chain } = queries;
    const tip = queries.explorer.blockHeights().total;
    const from =
      query.cursor === undefined ? tip : queries.blockHeightByIndexHash(normalizeHex(query.cursor));
    const start = from === undefined ? 0 : from - query.offset;
    if (start < 1 || start > tip) {
      if (query.cursor !== undefined) return notFound('Cursor not found');
      return ok({ ...query, total: 0, next_cursor: null, prev_cursor: null, cursor: null, results: [] });
    }
    const results = [];
    for (let h = start; h > Math.max(0, start - query.limit); h--) results.push(serializeBlock(chain, h));
    const older = start - query.limit;
    const newer = start + query.limit;
    return ok({
      limit: query.limit,
      offset: query.offset,
      total: tip,
      next_cursor: newer <= tip ? indexBlockHash(chain, newer) : null,
      prev_cursor: older >= 1 ? indexBlockHash(chain, older) : null,
      cursor: indexBlockHash(chain, start),
      results,
    });
  },
};
