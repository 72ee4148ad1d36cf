import { cursorPage, listingOf, pageTotal } from '../query/paging.ts';
import { v3MempoolSummary } from '../serialize/v3-transactions.ts';
import { ok, type OperationHandler } from './types.ts';

/**
 * The mempool list's pending transactions (newest received first, then by id, descending), in
 * v3's brief form. The cursor `receipt_time:tx_id` starts at the first row at or below it, as
 * the real service compares the pair; `total` counts the mempool, 0 on an empty page.
 */
export const get_mempool_transactions: OperationHandler<'get_mempool_transactions', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, release, query }) => {
    const { chain } = queries;
    const rows = queries.mempoolList({}, { by: 'age', order: 'desc', sizeOf: () => 0 }, release.replaceByFee);
    const keyOf = (tx: number): string => `${chain.receiptTime[tx] as number}:${chain.mempool.idHex(tx)}`;
    const at = query.cursor === undefined ? undefined : cursorKey(query.cursor);
    const page = cursorPage(listingOf(rows), {
      limit: query.limit,
      fromCursor:
        at === undefined
          ? undefined
          : (tx) => {
              const time = chain.receiptTime[tx] as number;
              return time < at.time || (time === at.time && chain.mempool.idHex(tx) <= at.id);
            },
      keyOf,
      previous: 'nearest',
    });
    // `total` first, as the real service's v3 response schema writes it.
    return ok({
      total: pageTotal(page.results, rows.length),
      limit: query.limit,
      cursor: page.cursor,
      results: page.results.map((tx) => v3MempoolSummary(chain, tx)),
    });
  },
};

function cursorKey(cursor: string): { time: number; id: string } {
  const [time, id] = cursor.split(':') as [string, string];
  const hex = id.toLowerCase();
  return { time: Number(time), id: hex.startsWith('0x') ? hex : `0x${hex}` };
}
