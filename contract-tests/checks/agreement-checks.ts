import type { Problem } from '../../spec/responses.ts';
import { ORDERINGS } from '../cases/ordering.ts';
import { isJson, type AnsweredRequest, type Json } from './answered-request.ts';
import {
  finding,
  firstFew,
  itemsWithTransfers,
  objectAt,
  ok,
  results,
  transfersOf,
  type FieldSelector,
  type Source,
} from './meaning-check.ts';
import { mempoolAgesWithinChain } from './mempool-ages-check.ts';

/**
 * What one operation says about another's data: a rule on two answers, the first naming
 * something (a transaction, a page) and the second answering about it. The exploration's chains
 * follow what an answer names and run every agreement check on each pair; each check looks only
 * at pairs it covers. A chain that moves between the two requests (new blocks, a mempool that
 * changed) never breaks one: they compare what a mined transaction fixes, or say nothing when
 * the chain visibly moved in between.
 */
export interface AgreementCheck {
  name: string;
  rule: string;
  sources: Source[];
  fields: FieldSelector[];
  check(first: AnsweredRequest, second: AnsweredRequest): Problem[];
}

/** The confirmed transactions an answer names, each with the item it came in (operations 6 and 8) when it did. */
export function namedTransactions(a: AnsweredRequest): Array<{ tx: Json; item?: Json }> {
  const fromItems = itemsWithTransfers(a).map((item) => ({ tx: objectAt(item.tx), item }));
  if (fromItems.length > 0) return fromItems;
  if (!ok(a, 'get_tx_list_details')) return [];
  return Object.values(a.body).flatMap((entry) =>
    isJson(entry) &&
    entry.found === true &&
    isJson(entry.result) &&
    typeof entry.result.block_hash === 'string'
      ? [{ tx: entry.result }]
      : [],
  );
}

function differences(
  what: string,
  a: Json,
  b: Json,
  pairs: Array<[string, string]>,
  name: string,
): Problem[] {
  return pairs
    .filter(([x, y]) => a[x] !== undefined && b[y] !== undefined && a[x] !== b[y])
    .map(([x, y]) =>
      finding(name, `${what}: ${y} ${JSON.stringify(a[x])} (the transaction's ${x})`, JSON.stringify(b[y])),
    );
}

const transactionInItsBlock: AgreementCheck = {
  name: 'transaction_in_its_block',
  rule: 'the block at a transaction\u2019s `block_height` is its block: same `hash` as its `block_hash`, same `block_time`, `burn_block_time`, `burn_block_height` and `parent_block_hash` (not a `tx_index` below `tx_count`: the real service\u2019s first block holds boot transactions indexed above its count)',
  sources: [
    {
      document: 'description',
      section: '2.2',
      line: 'Additional fields of the confirmed form (returned inside address operations):',
    },
    {
      document: 'description',
      section: '4.1',
      line: 'block height, block hash, index block hash, or the constant `latest` (most recent block)',
    },
  ],
  fields: [
    '* **.tx.block_hash',
    '* **.tx.block_height',
    '* **.tx.block_time',
    '* **.tx.burn_block_time',
    '* **.tx.burn_block_height',
    '* **.tx.parent_block_hash',
    'get_tx_list_details {*}.result.block_hash',
    'get_tx_list_details {*}.result.block_height',
    'get_tx_list_details {*}.result.block_time',
    'get_tx_list_details {*}.result.burn_block_time',
    'get_tx_list_details {*}.result.burn_block_height',
    'get_tx_list_details {*}.result.parent_block_hash',
    'get_block hash',
    'get_block block_time',
    'get_block burn_block_time',
    'get_block burn_block_height',
    'get_block parent_block_hash',
  ],
  check: (first, second) => {
    if (!ok(second, 'get_block')) return [];
    const block = second.body;
    const out: Problem[] = [];
    for (const { tx } of namedTransactions(first)) {
      if (tx.block_height !== block.height || tx.canonical === false) continue;
      const what = `block ${String(block.height)} of ${String(tx.tx_id)}`;
      out.push(
        ...differences(
          what,
          tx,
          block,
          [
            ['block_hash', 'hash'],
            ['block_time', 'block_time'],
            ['burn_block_time', 'burn_block_time'],
            ['burn_block_height', 'burn_block_height'],
            ['parent_block_hash', 'parent_block_hash'],
          ],
          'transaction_in_its_block',
        ),
      );
    }
    return firstFew(out);
  },
};

const eventsMatchTransfers: AgreementCheck = {
  name: 'events_match_transfers',
  rule: 'the events of an address in a transaction (operation 5) are as many as that transaction\u2019s transfers of the address (operation 6; operation 8 lists only the STX transfers, as the real service does: as many stx events as those), and no more than its `event_count`',
  sources: [
    {
      document: 'description',
      section: '4.8',
      line: 'Deprecated in favor of the address transaction events operation (4.5).',
    },
    {
      document: 'description',
      section: '4.5',
      line: 'Returns a paginated list of all native-token, fungible-token and non-fungible-token events concerning the address or contract within the one transaction.',
    },
  ],
  fields: [
    'get_address_transaction_events total',
    'get_address_transaction_events results[].type',
    'get_account_transactions_with_transfers results[].*_transfers',
    'get_single_transaction_with_transfers *_transfers',
    '* **.tx.event_count',
  ],
  check: (first, second) => {
    if (!ok(second, 'get_address_transaction_events') || second.query.has('offset')) return [];
    const out: Problem[] = [];
    const address = second.path.address;
    const events = results(second.body);
    const total = second.body.total;
    for (const { tx, item } of namedTransactions(first)) {
      if (!item || tx.tx_id !== second.path.tx_id?.toLowerCase() || first.path.principal !== address)
        continue;
      const what = `the transfers of ${String(tx.tx_id)}`;
      const transfers = transfersOf(item).length;
      if (['ft_transfers', 'nft_transfers'].every((k) => Array.isArray(item[k]))) {
        if (total !== transfers)
          out.push(
            finding('events_match_transfers', `${transfers} events (${what})`, `total ${String(total)}`),
          );
      } else if (events.length === total) {
        const stx = events.filter((e) => e.type === 'stx').length;
        if (stx !== transfers)
          out.push(finding('events_match_transfers', `${transfers} stx events (${what})`, `${stx}`));
      }
      if (typeof tx.event_count === 'number' && typeof total === 'number' && total > tx.event_count)
        out.push(
          finding('events_match_transfers', `at most event_count ${tx.event_count} events`, `total ${total}`),
        );
    }
    return firstFew(out);
  },
};

const singleMatchesListItem: AgreementCheck = {
  name: 'single_matches_list_item',
  rule: 'operation 8 on a transaction of a principal answers what operation 6 lists for it: the same `stx_sent`, `stx_received`, STX transfers and block',
  sources: [
    {
      document: 'description',
      section: '4.8',
      line: 'Response 200: Transaction with transfers (2.8) for the given account.',
    },
  ],
  fields: [
    'get_single_transaction_with_transfers stx_sent',
    'get_single_transaction_with_transfers stx_received',
    'get_single_transaction_with_transfers stx_transfers',
    'get_single_transaction_with_transfers tx.block_hash',
  ],
  check: (first, second) => {
    if (
      !ok(first, 'get_account_transactions_with_transfers') ||
      !ok(second, 'get_single_transaction_with_transfers')
    )
      return [];
    if (first.path.principal !== second.path.principal) return [];
    const single = second.body;
    const tx = objectAt(single.tx);
    const item = results(first.body).find((i) => objectAt(i.tx).tx_id === tx.tx_id);
    if (!item) return [];
    const out: Problem[] = [];
    for (const key of ['stx_sent', 'stx_received']) {
      if (item[key] !== single[key])
        out.push(
          finding('single_matches_list_item', `${key} ${String(item[key])} (as listed)`, String(single[key])),
        );
    }
    if (JSON.stringify(item.stx_transfers) !== JSON.stringify(single.stx_transfers))
      out.push(
        finding(
          'single_matches_list_item',
          `stx_transfers ${JSON.stringify(item.stx_transfers)}`,
          JSON.stringify(single.stx_transfers),
        ),
      );
    if (objectAt(item.tx).block_hash !== tx.block_hash)
      out.push(
        finding(
          'single_matches_list_item',
          `tx.block_hash ${String(objectAt(item.tx).block_hash)}`,
          String(tx.block_hash),
        ),
      );
    return firstFew(out);
  },
};

const txListMatchesTransaction: AgreementCheck = {
  name: 'tx_list_matches_transaction',
  rule: 'operation 2 finds a mined transaction another operation named, with the same block, sender, nonce, fee and type',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'Entries: mined tx → `{found: true, result: <confirmed tx with events>}`',
    },
  ],
  fields: [
    'get_tx_list_details {*}.found',
    'get_tx_list_details {*}.result.block_hash',
    'get_tx_list_details {*}.result.sender_address',
    'get_tx_list_details {*}.result.nonce',
    'get_tx_list_details {*}.result.fee_rate',
    'get_tx_list_details {*}.result.tx_type',
  ],
  check: (first, second) => {
    if (!ok(second, 'get_tx_list_details') || first.operationId === 'get_tx_list_details') return [];
    const out: Problem[] = [];
    for (const { tx } of namedTransactions(first)) {
      const id = String(tx.tx_id);
      const entry = second.body[id];
      if (!second.query.getAll('tx_id').some((v) => v.split(',').includes(id)) || tx.canonical === false)
        continue;
      if (!isJson(entry) || entry.found !== true || !isJson(entry.result)) {
        out.push(finding('tx_list_matches_transaction', `${id} found`, JSON.stringify(entry)));
        continue;
      }
      out.push(
        ...differences(
          id,
          tx,
          entry.result,
          [
            ['block_hash', 'block_hash'],
            ['sender_address', 'sender_address'],
            ['nonce', 'nonce'],
            ['fee_rate', 'fee_rate'],
            ['tx_type', 'tx_type'],
          ],
          'tx_list_matches_transaction',
        ),
      );
    }
    return firstFew(out);
  },
};

const heightFilterHasTransaction: AgreementCheck = {
  name: 'height_filter_has_transaction',
  rule: 'operation 6 with `height` set to a listed transaction\u2019s block height lists that transaction (the whole block of the principal, on the first page)',
  sources: [{ document: 'facts', section: 'Per operation 6', line: '`height` returns that whole block.' }],
  fields: [
    'get_account_transactions_with_transfers results[].tx.tx_id',
    'get_account_transactions_with_transfers total',
  ],
  check: (first, second) => {
    if (!ok(second, 'get_account_transactions_with_transfers')) return [];
    const height = second.query.get('height');
    if (height === null || second.query.has('offset') || first.path.principal !== second.path.principal)
      return [];
    const listed = new Set(results(second.body).map((i) => objectAt(i.tx).tx_id));
    const out: Problem[] = [];
    for (const { tx } of namedTransactions(first)) {
      if (String(tx.block_height) !== height || tx.canonical === false) continue;
      if (!listed.has(tx.tx_id) && results(second.body).length === second.body.total)
        out.push(
          finding(
            'height_filter_has_transaction',
            `${String(tx.tx_id)} listed at height ${height}`,
            'absent',
          ),
        );
    }
    return firstFew(out);
  },
};

const nextPageContinues: AgreementCheck = {
  name: 'next_page_continues',
  rule: 'the next page (offset + limit) of an unchanged list (same `total`) shares no item with the page before and keeps the documented order across the boundary',
  sources: [
    { document: 'description', section: '4.6', line: 'result offset (min 0)' },
    { document: 'facts', section: 'Per operation 6', line: 'Order: block height desc, then tx index desc;' },
  ],
  fields: ['* total', '* offset', '* limit', '* results'],
  check: (first, second) => {
    const ordering = ORDERINGS[first.operationId];
    if (!ordering || first.operationId !== second.operationId || !ok(first) || !ok(second)) return [];
    if (JSON.stringify(first.path) !== JSON.stringify(second.path)) return [];
    // With `height`, operation 6 answers the whole block on every page: there is no next page.
    if (first.query.has('height')) return [];
    const [a, b] = [first.body, second.body];
    if (a.total !== b.total || typeof a.offset !== 'number' || typeof a.limit !== 'number') return [];
    if (b.offset !== a.offset + a.limit) return [];
    const before = results(a);
    const after = results(b);
    const keys = new Set(before.map((i) => ordering.key(i)));
    const out: Problem[] = [];
    const repeated = after.filter((i) => keys.has(ordering.key(i)));
    if (repeated.length > 0)
      out.push(
        finding(
          'next_page_continues',
          'no item on both pages',
          repeated.map((i) => ordering.key(i)).join(', '),
        ),
      );
    const [last, next] = [before[before.length - 1], after[0]];
    const wrong = last && next ? ordering.outOfOrder(last, next) : undefined;
    if (wrong)
      out.push(finding('next_page_continues', 'the documented order across the page boundary', wrong));
    return firstFew(out);
  },
};

/** The highest block height an answer names. */
function highestHeight(a: AnsweredRequest): number | undefined {
  if (ok(a, 'get_block') && typeof a.body.height === 'number') return a.body.height;
  const heights = namedTransactions(a)
    .map(({ tx }) => tx.block_height)
    .filter((h): h is number => typeof h === 'number');
  return heights.length ? Math.max(...heights) : undefined;
}

const tipNotBehind: AgreementCheck = {
  name: 'tip_not_behind',
  rule: 'the status chain tip asked after an answer is at or above every block height that answer named (a chain only grows)',
  sources: [
    { document: 'description', section: '4.4', line: 'No parameters. Response 200: Service status (2.5).' },
  ],
  fields: ['get_status chain_tip.block_height'],
  check: (first, second) => {
    if (!ok(second, 'get_status')) return [];
    const seen = highestHeight(first);
    const tip = objectAt(second.body.chain_tip).block_height;
    if (seen === undefined || typeof tip !== 'number' || tip >= seen) return [];
    return [
      finding(
        'tip_not_behind',
        `chain_tip.block_height ≥ ${seen} (a block the answer before named)`,
        String(tip),
      ),
    ];
  },
};

export const AGREEMENT_CHECKS: readonly AgreementCheck[] = [
  transactionInItsBlock,
  eventsMatchTransfers,
  singleMatchesListItem,
  txListMatchesTransaction,
  heightFilterHasTransaction,
  nextPageContinues,
  tipNotBehind,
  mempoolAgesWithinChain,
];

export function agreementFindings(first: AnsweredRequest, second: AnsweredRequest): Problem[] {
  return AGREEMENT_CHECKS.flatMap((c) => c.check(first, second));
}
