import type { Variant } from './variant-server.ts';
import { EXPLORATION, EXPLORING, isObject, plus, type Json } from './variant-kit.ts';

/**
 * One broken mock per agreement check but `transaction_in_its_block` (whose variant,
 * block-burn-time-drift, is among the others). Each answer stays consistent in itself, so no meaning
 * check on a single answer sees the fault: only the exploration's chains, comparing what one
 * operation says with what another says, catch it, and by the named agreement check.
 */

/** The offsets asked for where a variant served another, to echo them in the body. */
const shiftedOffset = new WeakMap<URL, number>();

/**
 * Operation 3's ages in seconds (ten minutes a block), still ordered and null where they were: only
 * the chain tip, from another operation, shows they cannot be blocks.
 */
export const MEMPOOL_AGES_IN_SECONDS: Pick<Variant, 'breaks' | 'response'> = {
  breaks: 'get_mempool_transaction_stats gives tx_ages in seconds (600 a block), not in blocks',
  response: (r) => {
    if (r.operationId !== 'get_mempool_transaction_stats' || !isObject(r.body) || !isObject(r.body.tx_ages))
      return;
    for (const p of Object.values(r.body.tx_ages))
      if (isObject(p)) for (const [k, v] of Object.entries(p)) if (typeof v === 'number') p[k] = v * 600;
  },
};

export const AGREEMENT_VARIANTS: Variant[] = [
  {
    name: 'events-one-short',
    breaks:
      'get_address_transaction_events leaves out the address\u2019s last event of every transaction, its total and pages following',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check events_match_transfers/,
    response: (r) => {
      if (r.operationId !== 'get_address_transaction_events' || r.status !== 200 || !isObject(r.body)) return;
      const { results, total, offset } = r.body;
      if (!Array.isArray(results) || typeof total !== 'number' || total === 0) return;
      // Only the page holding the last event loses it: every page still holds what the new total says.
      if (results.length > 0 && Number(offset) + results.length === total) results.pop();
      r.body.total = total - 1;
    },
  },
  {
    name: 'single-transfer-off',
    breaks:
      'get_single_transaction_with_transfers reports its first STX transfer one \u00b5STX larger than the list does, stx_sent or stx_received following',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check single_matches_list_item/,
    response: (r) => {
      if (r.operationId !== 'get_single_transaction_with_transfers' || r.status !== 200 || !isObject(r.body))
        return;
      const transfer = Array.isArray(r.body.stx_transfers) ? (r.body.stx_transfers[0] as unknown) : undefined;
      if (!isObject(transfer)) return;
      const principal = decodeURIComponent(r.url.pathname.split('/')[4] ?? '');
      transfer.amount = plus(transfer.amount, 1n);
      if (transfer.sender === principal) r.body.stx_sent = plus(r.body.stx_sent, 1n);
      if (transfer.recipient === principal) r.body.stx_received = plus(r.body.stx_received, 1n);
    },
  },
  {
    name: 'tx-list-nonce-off',
    breaks:
      'get_tx_list_details reports every found transaction\u2019s nonce one higher than the other operations',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check tx_list_matches_transaction/,
    response: (r) => {
      if (r.operationId !== 'get_tx_list_details' || r.status !== 200 || !isObject(r.body)) return;
      for (const entry of Object.values(r.body))
        if (isObject(entry) && entry.found === true && isObject(entry.result))
          entry.result.nonce = Number(entry.result.nonce) + 1;
    },
  },
  {
    name: 'height-filter-drops-newest',
    breaks:
      'get_account_transactions_with_transfers with height leaves out the newest transaction of that block, its total following',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check height_filter_has_transaction/,
    response: (r) => {
      if (
        r.operationId !== 'get_account_transactions_with_transfers' ||
        !r.url.searchParams.has('height') ||
        !isObject(r.body) ||
        !Array.isArray(r.body.results) ||
        r.body.results.length === 0
      )
        return;
      r.body.results.shift();
      r.body.total = Number(r.body.total) - 1;
    },
  },
  {
    name: 'next-page-overlaps',
    breaks:
      'get_account_transactions_with_transfers starts each page one item before the page before it ended (offset o is served from o − ⌊o / limit⌋; the offset it echoes is the one asked for, each page as long as the total says)',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check next_page_continues/,
    request: (q) => {
      const offset = Number(q.url.searchParams.get('offset') ?? '0');
      const limit = Number(q.url.searchParams.get('limit') ?? '0') || 20;
      if (q.operationId !== 'get_account_transactions_with_transfers' || q.url.searchParams.has('height'))
        return;
      if (!(offset >= limit)) return;
      shiftedOffset.set(q.url, offset);
      q.url.searchParams.set('offset', String(offset - Math.floor(offset / limit)));
    },
    response: (r) => {
      const offset = shiftedOffset.get(r.url);
      if (offset === undefined || !isObject(r.body) || !Array.isArray(r.body.results)) return;
      const want = Math.max(0, Math.min(Number(r.body.limit), Number(r.body.total) - offset));
      r.body.offset = offset;
      r.body.results = r.body.results.slice(0, want) as Json[];
    },
  },
  {
    name: 'mempool-ages-in-seconds-explored',
    breaks: MEMPOOL_AGES_IN_SECONDS.breaks,
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check mempool_ages_within_chain/,
    response: MEMPOOL_AGES_IN_SECONDS.response,
  },
  {
    name: 'status-tip-lagging',
    breaks: 'get_status reports a chain tip 100 blocks behind the blocks the other operations serve',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check tip_not_behind/,
    response: (r) => {
      if (r.operationId === 'get_status' && isObject(r.body) && isObject(r.body.chain_tip))
        r.body.chain_tip.block_height = Math.max(0, Number(r.body.chain_tip.block_height) - 100);
    },
  },
];
