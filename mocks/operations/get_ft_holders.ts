import { listingOf, offsetPage } from '../query/paging.ts';
import { ok, type OperationHandler } from './types.ts';

/**
 * A fungible token's holders, the largest balance first. The real service reads `total` and
 * `total_supply` off the page's own rows, so an empty page reports 0 for both.
 */
export const get_ft_holders: OperationHandler<'get_ft_holders', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const token = queries.explorer.ftHolders(path.token);
    const page = offsetPage(listingOf(token?.holders ?? []), query, 'whenShown');
    const names = queries.chain.principals;
    return ok({
      limit: page.limit,
      offset: page.offset,
      total: page.total,
      total_supply: page.results.length > 0 && token ? String(token.supply) : '0',
      results: page.results.map((h) => ({ address: names.name(h.principal), balance: String(h.balance) })),
    });
  },
};
