import { comparePositions, positionKey, txPosition } from '../query/principal-activity.ts';
import { cursorPage, firstWhere, pageTotal, type Listing } from '../query/paging.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { txCursor } from './principal-cursors.ts';

/**
 * A page of transaction summaries from rows newest first, by the v3 transaction cursor
 * (`height:sequence:index` of a page's first row), as the real service pages its v3 lists (and a
 * principal's transactions), each row shaped by `summarize`.
 */
export function summaryPage<Summary>(
  queries: WorldQueries,
  rows: Listing<number>,
  query: { limit: number; cursor?: string | undefined },
  summarize: (tx: number) => Summary,
) {
  const chain = queries.chain;
  const at = (tx: number) => txPosition(chain, tx);
  const from =
    query.cursor === undefined
      ? undefined
      : txCursor(query.cursor, (p) => {
          const found = firstWhere(rows, (tx) => comparePositions(at(tx), p) <= 0);
          return found < rows.total && comparePositions(at(rows.at(found)), p) === 0;
        });
  const page = cursorPage(rows, {
    limit: query.limit,
    fromCursor: from && ((tx) => comparePositions(at(tx), from) <= 0),
    keyOf: (tx) => positionKey(at(tx)),
    previous: 'nearest',
  });
  return {
    limit: query.limit,
    total: pageTotal(page.results, rows.total),
    cursor: page.cursor,
    results: page.results.map(summarize),
  };
}
