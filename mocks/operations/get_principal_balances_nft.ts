import { compareText } from '../query/principal-activity.ts';
import { contractAt } from '../world/tables/chain.ts';
import { nftValueOf } from '../world/derive/nft-values.ts';
import { cursorPage, listingOf, pageTotal } from '../query/paging.ts';
import { splitFirst } from './principal-cursors.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_balances_nft: OperationHandler<'get_principal_balances_nft', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const chain = queries.chain;
    const rows = queries
      .nftHoldings(path.principal)
      .map((n) => ({
        asset_identifier: contractAt(chain, n.contract).assetId,
        value: nftValueOf(chain, n.contract, n.id),
      }))
      .sort(
        (a, b) =>
          compareText(a.asset_identifier, b.asset_identifier) || compareText(a.value.hex, b.value.hex),
      );
    const [value, assetId] = query.cursor === undefined ? [] : splitFirst(query.cursor);
    const page = cursorPage(listingOf(rows), {
      limit: query.limit,
      fromCursor:
        value === undefined
          ? undefined
          : (row) => {
              const order = compareText(row.asset_identifier, assetId as string);
              return order > 0 || (order === 0 && compareText(row.value.hex, value.toLowerCase()) >= 0);
            },
      keyOf: (row) => `${row.value.hex}:${row.asset_identifier}`,
      previous: 'nearest',
    });
    return ok({
      limit: query.limit,
      total: pageTotal(page.results, rows.length),
      cursor: page.cursor,
      results: page.results,
    });
  },
};
