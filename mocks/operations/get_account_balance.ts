import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_balance: OperationHandler<'get_account_balance', 'unanchored'> = {
  defaulted: ['unanchored'],
  answer: ({ world, path, query }) => {
    const untilBlock = parseUntilBlock(query.until_block);
    const balances = world.balances(path.principal, {
      unanchored: query.unanchored,
      ...(untilBlock ? { untilBlock } : {}),
    });
    return balances ? ok(balances) : notFound(blockNotFoundMessage(untilBlock));
  },
};
