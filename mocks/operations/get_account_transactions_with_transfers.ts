import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_transactions_with_transfers: OperationHandler = ({ world, path, query }) => {
  const untilBlock = parseUntilBlock(query.until_block);
  const page = world.transactionsWithTransfers(String(path.principal), {
    limit: query.limit as number,
    offset: query.offset as number,
    unanchored: query.unanchored as boolean,
    ...(typeof query.height === 'number' ? { height: query.height } : {}),
    ...(untilBlock ? { untilBlock } : {}),
  });
  return 'blockNotFound' in page ? notFound(blockNotFoundMessage(untilBlock)) : ok(page);
};
