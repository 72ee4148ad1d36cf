import { offsetPage } from '../query/paging.ts';
import { txWithTransfers } from '../serialize/transfers.ts';
import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_transactions_with_transfers: OperationHandler<
  'get_account_transactions_with_transfers',
  'limit' | 'offset' | 'unanchored'
> = {
  defaulted: ['limit', 'offset', 'unanchored'],
  answer: ({ queries, path, query }) => {
    const untilBlock = parseUntilBlock(query.until_block);
    const history = queries.history(path.principal, {
      unanchored: query.unanchored,
      ...(query.height !== undefined ? { height: query.height } : {}),
      ...(untilBlock ? { untilBlock } : {}),
    });
    if (!history) return notFound(blockNotFoundMessage(untilBlock));
    // `height` answers the principal's whole block, unpaged, like the real service.
    const shown = query.height === undefined ? query : { limit: history.total, offset: 0 };
    const { results } = offsetPage(history, shown);
    return ok({
      limit: query.limit,
      offset: query.offset,
      total: history.total,
      results: results.map((r) => txWithTransfers(queries.chain, r.tx, r.transfers)),
    });
  },
};
