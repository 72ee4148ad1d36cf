import { comparePositions, txPosition, type TxPosition } from '../query/principal-activity.ts';
import { indexBlockHash } from '../world/derive/block-hashes.ts';
import { addressTransaction } from '../serialize/principal-summaries.ts';
import { firstWhere, windowRows } from '../query/paging.ts';
import { isUnanchored } from '../world/tables/chain.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_address_transactions: OperationHandler<'get_address_transactions', 'limit' | 'offset'> = {
  // exclude_function_args is v9's (x-since): a release before it has no such parameter, so no default.
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query, release }) => {
    const chain = queries.chain;
    const rows = queries.principalTxs(path.address);
    let start = 0;
    if (query.cursor !== undefined) {
      const from = cursorPosition(query.cursor, (hash) => queries.seenBlockHeight(hash));
      if (typeof from === 'string') return notFound(from);
      start = firstWhere(rows, (tx) => comparePositions(txPosition(chain, tx), from) <= 0);
    }
    const { limit } = query;
    const first = start + query.offset;
    const results = windowRows(rows, { offset: first, limit });
    // The real service's names are the other way round from v3's: `prev_cursor` is the older page.
    const keyOf = (tx: number): string => {
      const p = txPosition(chain, tx);
      const block = isUnanchored(chain, tx) ? '0x' : indexBlockHash(chain, p.height);
      return `${block}:${p.sequence}:${p.txIndex}`;
    };
    const older = first + limit < rows.total ? rows.at(first + limit) : undefined;
    const newer = results.length > 0 && first - limit >= 0 ? rows.at(first - limit) : undefined;
    // 8.11.6 has the offset form only: no cursor keys (its `cursor` parameter is not declared, x-since).
    const cursors = release.addressTransactionCursors && {
      next_cursor: newer === undefined ? null : keyOf(newer),
      prev_cursor: older === undefined ? null : keyOf(older),
      cursor: results.length > 0 ? keyOf(results[0] as number) : null,
    };
    return ok({
      limit,
      offset: query.offset,
      total: first < rows.total ? rows.total : 0,
      ...cursors,
      results: results.map((tx) =>
        addressTransaction(
          chain,
          tx,
          queries.txBalanceChanges(path.address, tx),
          query.exclude_function_args ?? false,
        ),
      ),
    });
  },
};

/** `index_block_hash:sequence:index` to a position, or the real service's 404 message. */
function cursorPosition(cursor: string, heightOf: (hash: string) => number | undefined): TxPosition | string {
  const parts = cursor.split(':');
  if (parts.length !== 3) return 'Invalid cursor format';
  const [hash, sequence, txIndex] = parts as [string, string, string];
  const numbers = [sequence, txIndex].map((n) => parseInt(n, 10));
  if (hash === '' || numbers.some(Number.isNaN)) return 'Invalid cursor format';
  const height = /^(0x)?[0-9a-fA-F]{64}$/.test(hash) ? heightOf(normalizeHex(hash)) : undefined;
  if (height === undefined) return 'Invalid cursor: block not found';
  return { height, sequence: numbers[0] as number, txIndex: numbers[1] as number };
}
