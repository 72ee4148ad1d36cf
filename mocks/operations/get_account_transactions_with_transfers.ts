import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_transactions_with_transfers: OperationHandler<
  'get_account_transactions_with_transfers',
  'limit' | 'offset' | 'unanchored'
> = {
  defaulted: ['limit', 'offset', 'unanchored'],
  answer: ({ world, path, query }) => {
    const untilBlock = parseUntilBlock(query.until_block);
    const page = world.transactionsWithTransfers(path.principal, {
      limit: query.limit,
      offset: query.offset,
      unanchored: query.unanchored,
      ...(query.height !== undefined ? { height: query.height } : {}),
      ...(untilBlock ? { untilBlock } : {}),
    });
    return page ? ok(page) : notFound(blockNotFoundMessage(untilBlock));
  },
};
