import { isStacksPrincipal } from '../../spec/formats.ts';
import type { MempoolFilter } from '../query/mempool-list.ts';
import { listingOf, offsetPage } from '../query/paging.ts';
import { txByteSize } from '../serialize/raw-tx.ts';
import { pendingTx } from '../serialize/transaction.ts';
import { withoutFunctionArgs } from './get_tx_list_details.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

/**
 * The pending transactions in the form `tx/multiple` finds them, paged by offset. The real
 * service checks its filters in its handler, each a principal first, then that `address` comes
 * alone (the spec's `x-parameter-conflicts`, checked before this handler: a request with both
 * faults gets the second's message here, the first's there); it counts the whole mempool without a filter and, with one, the matches on a page that
 * shows any (0 past them).
 */
export const get_mempool_transaction_list: OperationHandler<
  'get_mempool_transaction_list',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, release, query }) => {
    const { chain } = queries;
    const named = [query.sender_address, query.recipient_address, query.address];
    const invalid = named.find((p) => p !== undefined && !isStacksPrincipal(p));
    if (invalid !== undefined)
      return badRequest(
        `Error: Invalid query parameter: "${invalid}" is not a valid STX address or principal`,
      );
    const index = (p: string | undefined): number | undefined =>
      p === undefined ? undefined : chain.principals.find(p);
    const filter: MempoolFilter =
      query.address !== undefined
        ? { address: chain.principals.find(query.address) }
        : { sender: index(query.sender_address), recipient: index(query.recipient_address) };
    const rows = queries.mempoolList(
      filter,
      {
        by: query.order_by ?? 'age',
        order: query.order ?? 'desc',
        sizeOf: (tx) => txByteSize(chain, chain.mempool, tx),
      },
      release.replaceByFee,
    );
    const filtered = named.some((p) => p !== undefined);
    const page = offsetPage(listingOf(rows), query, filtered ? 'whenShown' : 'always');
    const replacedBy = release.replacedByTxId ? null : undefined;
    return ok({
      ...page,
      results: page.results.map((tx) =>
        withoutFunctionArgs(pendingTx(chain, tx, replacedBy), query.exclude_function_args),
      ),
    });
  },
};
