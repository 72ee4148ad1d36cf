import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_balance: OperationHandler = ({ world, path, query }) => {
  const untilBlock = parseUntilBlock(query.until_block);
  const balances = world.balances(String(path.principal), {
    unanchored: query.unanchored as boolean,
    ...(untilBlock ? { untilBlock } : {}),
  });
  return 'blockNotFound' in balances ? notFound(blockNotFoundMessage(untilBlock)) : ok(balances);
};
