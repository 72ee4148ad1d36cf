import type { Problem } from '../../spec/responses.ts';

/**
 * The order each paginated operation documents, the words of the spec that say it (a test checks
 * the description still says them, so a changed order in the spec is noticed here), the key that
 * identifies an item, and how two neighbours must compare.
 */
export interface Ordering {
  specSays: string;
  key(item: unknown): string;
  /** A finding when `a` must not come before `b`. */
  outOfOrder(a: unknown, b: unknown): string | undefined;
}

interface TxItem {
  tx?: { tx_id?: string; block_height?: number; tx_index?: number };
}
interface EventItem {
  event_index?: number;
}
interface TokenItem {
  token?: string;
}

/**
 * Newest first: block height descending, then index descending. Ties are in order: the real
 * service's first block holds its boot transactions under shared indexes.
 */
function newestFirst(a: unknown, b: unknown): string | undefined {
  const x = (a as TxItem).tx ?? {};
  const y = (b as TxItem).tx ?? {};
  const before =
    (x.block_height ?? 0) > (y.block_height ?? 0) ||
    (x.block_height === y.block_height && (x.tx_index ?? 0) >= (y.tx_index ?? 0));
  return before
    ? undefined
    : `${x.tx_id} (height ${x.block_height}, index ${x.tx_index}) before ${y.tx_id} (height ${y.block_height}, index ${y.tx_index})`;
}

export const ORDERINGS: Record<string, Ordering> = {
  get_account_transactions_with_transfers: {
    specSays: 'Order: block height descending, then transaction index descending',
    key: (item) => String((item as TxItem).tx?.tx_id),
    outOfOrder: newestFirst,
  },
  get_address_transaction_events: {
    specSays: 'ordered by `event_index` ascending',
    key: (item) => String((item as EventItem).event_index),
    outOfOrder: (a, b) => {
      const x = (a as EventItem).event_index ?? 0;
      const y = (b as EventItem).event_index ?? 0;
      return x < y ? undefined : `event_index ${x} before event_index ${y}`;
    },
  },
  get_address_transactions: {
    specSays: 'The confirmed transactions of an address or contract, newest first',
    key: (item) => String((item as TxItem).tx?.tx_id),
    outOfOrder: newestFirst,
  },
  get_principal_ft_balances: {
    specSays: 'by asset identifier case-insensitively',
    key: (item) => String((item as TokenItem).token),
    outOfOrder: (a, b) => {
      const x = ((a as TokenItem).token ?? '').toLowerCase();
      const y = ((b as TokenItem).token ?? '').toLowerCase();
      return x <= y ? undefined : `${x} before ${y}`;
    },
  },
};

/** Order findings over a list that must follow `ordering` from first to last item. */
export function orderFindings(ordering: Ordering, items: unknown[], where: string): Problem[] {
  const findings: Problem[] = [];
  for (let i = 1; i < items.length; i++) {
    const wrong = ordering.outOfOrder(items[i - 1], items[i]);
    if (wrong)
      findings.push({
        where,
        expected: ordering.specSays.replace(/\s+/g, ' '),
        actual: `at position ${i}: ${wrong}`,
      });
  }
  return findings.slice(0, 3);
}
