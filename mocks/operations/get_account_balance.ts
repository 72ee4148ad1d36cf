import { serializeBalances } from '../serialize/balances.ts';
import { blockNotFoundMessage, parseUntilBlock } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_account_balance: OperationHandler<'get_account_balance', 'unanchored'> = {
  defaulted: ['unanchored'],
  answer: ({ queries, release, path, query }) => {
    const untilBlock = parseUntilBlock(query.until_block);
    const found = queries.balances(path.principal, {
      unanchored: query.unanchored,
      replaceByFee: release.replaceByFee,
      ...(untilBlock ? { untilBlock } : {}),
    });
    if (!found) return notFound(blockNotFoundMessage(untilBlock));
    return ok(serializeBalances(queries.chain, found.facts, found.mempool, found.vesting));
  },
};
