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
      limit: query.limit,
      offset: query.offset,
      unanchored: query.unanchored,
      ...(query.height !== undefined ? { height: query.height } : {}),
      ...(untilBlock ? { untilBlock } : {}),
    });
    if (!history) return notFound(blockNotFoundMessage(untilBlock));
    const { rows, ...page } = history;
    return ok({ ...page, results: rows.map((r) => txWithTransfers(queries.chain, r.tx, r.transfers)) });
  },
};
