import {
  balanceChangeRows,
  compareText,
  comparePositions,
  positionKey,
  txPosition,
  type BalanceChangeRow,
  type TxPosition,
} from '../query/principal-activity.ts';
import { balanceChangeItem } from '../serialize/principal-summaries.ts';
import { cursorPage, listingOf, pageTotal } from '../query/paging.ts';
import { normalizeHex } from './normalize.ts';
import { assetAtOrAfter } from './principal-cursors.ts';
import { ok, type OperationHandler } from './types.ts';

interface TxChangeRow extends BalanceChangeRow {
  readonly tx: number;
  readonly position: TxPosition;
}

export const get_principal_balance_changes: OperationHandler<'get_principal_balance_changes', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const chain = queries.chain;
    const txs = new Set<number>();
    for (const id of query.tx_id) {
      const tx = queries.minedTx(normalizeHex(id));
      if (tx !== undefined) txs.add(tx);
    }
    const rows: TxChangeRow[] = [];
    for (const tx of txs) {
      const position = txPosition(chain, tx);
      for (const row of balanceChangeRows(chain, queries.txBalanceChanges(path.principal, tx)))
        rows.push({ ...row, tx, position });
    }
    // Newest transaction first, then by asset within it.
    rows.sort(
      (a, b) =>
        comparePositions(b.position, a.position) ||
        a.assetType - b.assetType ||
        compareText(a.identifier, b.identifier),
    );
    const from = query.cursor === undefined ? undefined : batchCursor(query.cursor);
    const page = cursorPage(listingOf(rows), {
      limit: query.limit,
      fromCursor:
        from &&
        ((row) => {
          const order = comparePositions(row.position, from.position);
          return order < 0 || (order === 0 && assetAtOrAfter(row, from));
        }),
      keyOf: (row) => `${positionKey(row.position)}:${row.assetType}:${row.identifier}`,
      previous: 'whole-page',
    });
    return ok({
      limit: query.limit,
      total: pageTotal(page.results, rows.length),
      cursor: page.cursor,
      results: page.results.map((row) => ({ tx_id: chain.txs.idHex(row.tx), ...balanceChangeItem(row) })),
    });
  },
};

/** `height:sequence:index:type:identifier`, split at the first four colons. */
function batchCursor(cursor: string): { position: TxPosition; assetType: number; identifier: string } {
  const parts = cursor.split(':');
  const [height, sequence, txIndex, assetType] = parts.slice(0, 4).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { position: { height, sequence, txIndex }, assetType, identifier: parts.slice(4).join(':') };
}
