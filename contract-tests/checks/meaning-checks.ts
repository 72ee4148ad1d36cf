import type { Problem } from '../../spec/responses.ts';
import { ORDERINGS, orderFindings } from '../cases/ordering.ts';
import { isJson, type AnsweredRequest, type Json } from './answered-request.ts';
import { DERIVED_CHECKS } from './derived-checks.ts';
import {
  big,
  finding,
  firstFew,
  isHash,
  itemsWithTransfers,
  normalHash,
  objects,
  ok,
  results,
  transfersOf,
  type MeaningCheck,
} from './meaning-check.ts';

export type { MeaningCheck, Source } from './meaning-check.ts';

/** What every error may carry: the real service sets `no-store` first and an ETag step may replace it before the error. */
const ERROR_CACHE_CONTROL = ['no-store', 'public, no-cache, must-revalidate'];
const OK_CACHE_CONTROL = 'public, no-cache, must-revalidate';

function cacheable(value: string): boolean {
  return !/\bno-store\b/.test(value) && !/\bno-cache\b/.test(value);
}

const cacheControlByStatus: MeaningCheck = {
  name: 'cache_control_by_status',
  rule: 'Cache-Control is `public, no-cache, must-revalidate` on 200; an error carries `no-store`, `public, no-cache, must-revalidate` or none, never a cacheable value',
  sources: [
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'Response headers on 200: `Cache-Control: public, no-cache, must-revalidate`, an `ETag`',
    },
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'So on an error a contract check may accept `no-store`, `public, no-cache, must-revalidate` or no header; it must never accept a cacheable error (`max-age`, `public` without `no-cache`).',
    },
  ],
  fields: ['* header cache-control'],
  check: (a) => {
    const got = a.headers['cache-control'];
    const value = got?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (a.status === 200) {
      if (value === undefined || value === OK_CACHE_CONTROL) return [];
      return [
        {
          where: 'header cache-control',
          expected: `${OK_CACHE_CONTROL} on 200 (cache_control_by_status)`,
          actual: String(got),
        },
      ];
    }
    if (a.status < 400 || value === undefined || ERROR_CACHE_CONTROL.includes(value)) return [];
    return [
      {
        where: 'header cache-control',
        expected: `on ${a.status}: ${ERROR_CACHE_CONTROL.join(' or ')} or none${cacheable(value) ? ', never a cacheable error' : ''} (cache_control_by_status)`,
        actual: String(got),
      },
    ];
  },
};

const isoTimeMatchesEpoch: MeaningCheck = {
  name: 'iso_time_matches_epoch',
  rule: 'every `*_time_iso` is the same instant as its `*_time` in unix seconds; a time ≤ 0 (`parent_burn_block_time: 0`, an unanchored transaction\u2019s `burn_block_time: -1`) goes with `""`',
  sources: [
    {
      document: 'description',
      section: '2',
      line: 'The `*_time_iso` fields are strings holding a timestamp (ISO 8601 assumed by name only).',
    },
    {
      document: 'facts',
      section: 'Seen on real chain data',
      line: 'A confirmed transaction whose parent burn block is the chain\'s first has `"parent_burn_block_time": 0` and `"parent_burn_block_time_iso": ""`.',
    },
  ],
  fields: ['* **.*_time_iso', '* **.*_time'],
  check: (a) => {
    const out: Problem[] = [];
    for (const [path, o] of objects(a.body)) {
      for (const [key, iso] of Object.entries(o)) {
        if (!key.endsWith('_time_iso') || typeof iso !== 'string') continue;
        const epoch = o[key.slice(0, -'_iso'.length)];
        if (typeof epoch !== 'number') continue;
        // No time yet, or the chain's first burn block: the real service sends "" for a time ≤ 0.
        if (epoch <= 0 && iso === '') continue;
        if (Date.parse(iso) !== epoch * 1000)
          out.push(
            finding(
              'iso_time_matches_epoch',
              `${path}.${key} = ${new Date(epoch * 1000).toISOString()} (${key.slice(0, -4)} ${epoch})`,
              iso,
            ),
          );
      }
    }
    return firstFew(out);
  },
};

const blockMatchesRequest: MeaningCheck = {
  name: 'block_matches_request',
  rule: 'get_block serves only canonical blocks, and the block asked for: its height, or a hash equal to `hash` or `index_block_hash`',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 1',
      line: '`latest`, an integer height, or a 64-hex hash with or without `0x` (case-insensitive) matching either `hash` or `index_block_hash`.',
    },
    { document: 'facts', section: 'Per operation 1', line: 'Only canonical blocks.' },
  ],
  fields: ['get_block canonical', 'get_block height', 'get_block hash', 'get_block index_block_hash'],
  check: (a) => {
    if (!ok(a, 'get_block')) return [];
    const out: Problem[] = [];
    const asked = a.path.height_or_hash ?? '';
    if (a.body.canonical !== true)
      out.push(finding('block_matches_request', 'canonical: true', String(a.body.canonical)));
    if (/^\d+$/.test(asked) && a.body.height !== Number(asked))
      out.push(finding('block_matches_request', `height ${asked}`, String(a.body.height)));
    if (isHash(asked) && ![a.body.hash, a.body.index_block_hash].includes(normalHash(asked)))
      out.push(
        finding(
          'block_matches_request',
          `hash or index_block_hash ${normalHash(asked)}`,
          `hash ${String(a.body.hash)}, index_block_hash ${String(a.body.index_block_hash)}`,
        ),
      );
    return out;
  },
};

const txListKeyedByRequest: MeaningCheck = {
  name: 'tx_list_keyed_by_request',
  rule: 'get_tx_list_details answers each id asked for, keyed as written or in its lowercase 0x form, and only those; a found entry is that transaction',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'Operation 2 keys its answer by the ids as the caller wrote them: a mined transaction asked for in upper case comes back under its lowercase `0x` key (found) and under the id as written (`found: false`).',
    },
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'unknown → `{found: false, result: {tx_id}}`. Duplicate ids collapse into one key.',
    },
  ],
  fields: [
    'get_tx_list_details {*}',
    'get_tx_list_details {*}.found',
    'get_tx_list_details {*}.result.tx_id',
  ],
  check: (a) => {
    if (!ok(a, 'get_tx_list_details')) return [];
    const asked = a.query.getAll('tx_id').flatMap((v) => v.split(','));
    const forms = new Set(asked.flatMap((id) => [id, normalHash(id)]));
    const out: Problem[] = [];
    for (const id of asked) {
      if (!(id in a.body) && !(normalHash(id) in a.body))
        out.push(finding('tx_list_keyed_by_request', `an entry for ${id}`, 'none'));
    }
    for (const [key, entry] of Object.entries(a.body)) {
      if (!forms.has(key)) out.push(finding('tx_list_keyed_by_request', 'only the ids asked for', key));
      if (!isJson(entry) || !isJson(entry.result)) continue;
      const txId = entry.result.tx_id;
      const want = entry.found === true ? normalHash(key) : key;
      if (txId !== want)
        out.push(finding('tx_list_keyed_by_request', `result.tx_id ${want} under key ${key}`, String(txId)));
    }
    return firstFew(out);
  },
};

const PERCENTILES = ['p25', 'p50', 'p75', 'p95'] as const;

const mempoolPercentiles: MeaningCheck = {
  name: 'mempool_percentiles_ordered',
  rule: 'mempool percentiles rise from p25 to p95, and are null exactly for a type with no pending transactions',
  sources: [
    { document: 'description', section: '2.4', line: 'percentiles are 25th, 50th, 75th, 95th.' },
    {
      document: 'facts',
      section: 'Per operation 3',
      line: 'and are `null` for a type with no pending transactions',
    },
  ],
  fields: [
    'get_mempool_transaction_stats *.*.p25',
    'get_mempool_transaction_stats *.*.p50',
    'get_mempool_transaction_stats *.*.p75',
    'get_mempool_transaction_stats *.*.p95',
    'get_mempool_transaction_stats tx_type_counts.*',
  ],
  check: (a) => {
    if (!ok(a, 'get_mempool_transaction_stats')) return [];
    const counts = isJson(a.body.tx_type_counts) ? a.body.tx_type_counts : {};
    const out: Problem[] = [];
    for (const stat of ['tx_simple_fee_averages', 'tx_ages', 'tx_byte_sizes']) {
      const byType = isJson(a.body[stat]) ? (a.body[stat] as Json) : {};
      for (const [type, p] of Object.entries(byType)) {
        if (!isJson(p)) continue;
        const values = PERCENTILES.map((k) => p[k]);
        const empty = counts[type] === 0;
        if (empty !== values.every((v) => v === null))
          out.push(
            finding(
              'mempool_percentiles_ordered',
              `${stat}.${type} all null exactly when tx_type_counts.${type} is 0`,
              `count ${String(counts[type])}, ${JSON.stringify(p)}`,
            ),
          );
        const numbers = values.filter((v): v is number => typeof v === 'number');
        if (numbers.some((v, i) => i > 0 && v < (numbers[i - 1] as number)))
          out.push(
            finding(
              'mempool_percentiles_ordered',
              `${stat}.${type}: p25 ≤ p50 ≤ p75 ≤ p95`,
              JSON.stringify(p),
            ),
          );
      }
    }
    return firstFew(out);
  },
};

const pageEchoesRequest: MeaningCheck = {
  name: 'page_echoes_request',
  rule: 'a page echoes the limit (the default for 0 or none) and offset asked for, and holds at most `limit` results (but for operation 6 with `height`, which returns that whole block)',
  sources: [
    {
      document: 'description',
      section: '2.6',
      line: '`limit` (integer), `offset` (integer), `total` (integer), `results` (array).',
    },
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: '`limit=0` is accepted and means "the default" (the response then says `"limit": 20`).',
    },
  ],
  fields: ['* limit', '* offset', '* results'],
  check: (a) => {
    if (!ok(a) || !Array.isArray(a.body.results) || typeof a.body.limit !== 'number') return [];
    const out: Problem[] = [];
    const limit = Number(a.query.get('limit') ?? '0');
    const offset = Number(a.query.get('offset') ?? '0');
    if (limit > 0 && a.body.limit !== limit)
      out.push(finding('page_echoes_request', `limit ${limit}`, String(a.body.limit)));
    if (a.body.offset !== offset)
      out.push(finding('page_echoes_request', `offset ${offset}`, String(a.body.offset)));
    // `height` returns that whole block, however many that is (facts, operation 6).
    const wholeBlock = a.operationId === 'get_account_transactions_with_transfers' && a.query.has('height');
    if (!wholeBlock && a.body.results.length > a.body.limit)
      out.push(
        finding('page_echoes_request', `at most ${a.body.limit} results`, String(a.body.results.length)),
      );
    return out;
  },
};

const pageInDocumentedOrder: MeaningCheck = {
  name: 'page_in_documented_order',
  rule: 'events by `event_index` ascending; transactions with transfers by block height, then tx index, descending',
  sources: [
    { document: 'facts', section: 'Per operation 5', line: 'Ordered by `event_index` ascending.' },
    { document: 'facts', section: 'Per operation 6', line: 'Order: block height desc, then tx index desc;' },
  ],
  fields: [
    'get_address_transaction_events results[].event_index',
    'get_account_transactions_with_transfers results[].tx.block_height',
    'get_account_transactions_with_transfers results[].tx.tx_index',
  ],
  check: (a) => {
    const ordering = ORDERINGS[a.operationId];
    if (!ok(a) || !ordering) return [];
    return orderFindings(ordering, results(a.body), 'check page_in_documented_order');
  },
};

const eventDataFitsKind: MeaningCheck = {
  name: 'event_data_fits_kind',
  rule: 'an event of the address: a mint has no sender, a burn no recipient, a transfer both; stx/ft carry an amount, ft/nft an asset identifier, nft a value and no amount; the address is a party',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 5',
      line: '`sender` is absent on mint, `recipient` absent on burn; stx/ft data carry `amount`, ft/nft carry `asset_identifier`, nft carries `value {hex, repr}` and no amount.',
    },
    {
      document: 'description',
      section: '4.5',
      line: 'Returns a paginated list of all native-token, fungible-token and non-fungible-token events concerning the address or contract within the one transaction.',
    },
  ],
  fields: [
    'get_address_transaction_events results[].type',
    'get_address_transaction_events results[].data.*',
  ],
  check: (a) => {
    if (!ok(a, 'get_address_transaction_events')) return [];
    const out: Problem[] = [];
    const address = a.path.address;
    for (const e of results(a.body)) {
      const d = isJson(e.data) ? e.data : {};
      const at = `event ${String(e.event_index)} (${String(e.type)} ${String(d.type)})`;
      const has = (k: string): boolean => d[k] !== undefined;
      const want: Array<[boolean, string]> = [
        [d.type !== 'mint' || !has('sender'), 'no sender on a mint'],
        [d.type !== 'burn' || !has('recipient'), 'no recipient on a burn'],
        [d.type !== 'transfer' || (has('sender') && has('recipient')), 'sender and recipient on a transfer'],
        [
          e.type === 'nft' ? !has('amount') && has('value') : has('amount'),
          'an amount on stx/ft, a value on nft',
        ],
        [e.type === 'stx' || has('asset_identifier'), 'an asset identifier on ft/nft'],
        [d.sender === address || d.recipient === address, `${address} as sender or recipient`],
      ];
      for (const [holds, rule] of want)
        if (!holds) out.push(finding('event_data_fits_kind', `${at}: ${rule}`, JSON.stringify(d)));
    }
    return firstFew(out);
  },
};

const heightFilterHolds: MeaningCheck = {
  name: 'height_filter_holds',
  rule: '`height` returns only transactions of that block; `until_block` (a height) none above it',
  sources: [
    { document: 'description', section: '4.6', line: 'only transactions at this block height' },
    {
      document: 'description',
      section: '4.6',
      line: 'return state up to that point instead of the current block',
    },
  ],
  fields: ['get_account_transactions_with_transfers results[].tx.block_height'],
  check: (a) => {
    if (!ok(a, 'get_account_transactions_with_transfers')) return [];
    const height = a.query.get('height');
    const until = a.query.get('until_block');
    const out: Problem[] = [];
    for (const item of results(a.body)) {
      const tx = isJson(item.tx) ? item.tx : {};
      const h = tx.block_height as number;
      if (height !== null && /^\d+$/.test(height) && h !== Number(height))
        out.push(
          finding(
            'height_filter_holds',
            `block_height ${height} (height=${height})`,
            `${String(tx.tx_id)} at ${h}`,
          ),
        );
      if (until !== null && /^\d+$/.test(until) && h > Number(until))
        out.push(
          finding(
            'height_filter_holds',
            `block_height ≤ ${until} (until_block=${until})`,
            `${String(tx.tx_id)} at ${h}`,
          ),
        );
    }
    return firstFew(out);
  },
};

/** The parties of a transaction as the description and facts name them: sender, sponsor, recipient, contract. */
function txParties(tx: Json): unknown[] {
  const transfer = isJson(tx.token_transfer) ? tx.token_transfer : {};
  const call = isJson(tx.contract_call) ? tx.contract_call : {};
  const deploy = isJson(tx.smart_contract) ? tx.smart_contract : {};
  return [
    tx.sender_address,
    tx.sponsor_address,
    transfer.recipient_address,
    call.contract_id,
    deploy.contract_id,
  ];
}

const transactionConcernsPrincipal: MeaningCheck = {
  name: 'transaction_concerns_principal',
  rule: 'a transaction with transfers concerns the principal: it sent, sponsored, received a token transfer, called or deployed it, or is a party of one of its transfers',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 6',
      line: 'Transactions included: those the principal sent, received a token transfer in, called or deployed, plus any with an stx/ft/nft event to or from the principal.',
    },
  ],
  fields: [
    'get_account_transactions_with_transfers results[].tx.sender_address',
    'get_account_transactions_with_transfers results[].tx.sponsor_address',
    'get_account_transactions_with_transfers results[].tx.token_transfer.recipient_address',
    'get_account_transactions_with_transfers results[].tx.contract_call.contract_id',
    'get_account_transactions_with_transfers results[].tx.smart_contract.contract_id',
    'get_account_transactions_with_transfers results[].*_transfers[].sender',
    'get_account_transactions_with_transfers results[].*_transfers[].recipient',
    'get_single_transaction_with_transfers tx.sender_address',
    'get_single_transaction_with_transfers *_transfers[].sender',
    'get_single_transaction_with_transfers *_transfers[].recipient',
  ],
  check: (a) => {
    const principal = a.path.principal;
    const items = itemsWithTransfers(a);
    const out: Problem[] = [];
    for (const item of items) {
      const tx = isJson(item.tx) ? item.tx : {};
      const parties = [...txParties(tx), ...transfersOf(item).flatMap((t) => [t.sender, t.recipient])];
      if (!parties.includes(principal))
        out.push(
          finding(
            'transaction_concerns_principal',
            `${principal} involved in ${String(tx.tx_id)}`,
            'not a party',
          ),
        );
    }
    return firstFew(out);
  },
};

const stxSentIncludesFee: MeaningCheck = {
  name: 'stx_sent_includes_fee',
  rule: '`stx_sent` is the STX the principal sent in its transfers plus the fee when it paid it (the sender; for a sponsored transaction the sender or the sponsor, as the mock and the real service differ); `stx_received` the STX its transfers brought in',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 6',
      line: '`stx_sent` includes the fee when the principal is the sender.',
    },
  ],
  fields: [
    'get_account_transactions_with_transfers results[].stx_sent',
    'get_account_transactions_with_transfers results[].stx_received',
    'get_account_transactions_with_transfers results[].stx_transfers[].amount',
    'get_account_transactions_with_transfers results[].tx.fee_rate',
    'get_single_transaction_with_transfers stx_sent',
    'get_single_transaction_with_transfers stx_received',
    'get_single_transaction_with_transfers stx_transfers[].amount',
    'get_single_transaction_with_transfers tx.fee_rate',
  ],
  check: (a) => {
    const principal = a.path.principal;
    const items = itemsWithTransfers(a);
    const out: Problem[] = [];
    for (const item of items) {
      const tx = isJson(item.tx) ? item.tx : {};
      const stx = Array.isArray(item.stx_transfers) ? (item.stx_transfers as unknown[]).filter(isJson) : [];
      const sum = (side: 'sender' | 'recipient'): bigint =>
        stx.filter((t) => t[side] === principal).reduce((s, t) => s + (big(t.amount) ?? 0n), 0n);
      // Who is charged a sponsored transaction's fee is not settled: the mock charges the sponsor,
      // the real service the sender. For the sender or sponsor of one, with or without the fee is
      // accepted; an unsponsored transaction charges its sender.
      const fee = big(tx.fee_rate) ?? 0n;
      const transfersOut = sum('sender');
      const expected =
        tx.sponsored === true && (tx.sender_address === principal || tx.sponsor_address === principal)
          ? [transfersOut + fee, transfersOut]
          : [tx.sender_address === principal ? transfersOut + fee : transfersOut];
      const sent = big(item.stx_sent);
      if (sent === undefined || !expected.includes(sent))
        out.push(
          finding(
            'stx_sent_includes_fee',
            `stx_sent ${expected.join(' or ')} in ${String(tx.tx_id)} (transfers out, + fee ${fee} when the principal paid it)`,
            String(item.stx_sent),
          ),
        );
      if (big(item.stx_received) !== sum('recipient'))
        out.push(
          finding(
            'stx_sent_includes_fee',
            `stx_received ${sum('recipient')} in ${String(tx.tx_id)}`,
            String(item.stx_received),
          ),
        );
    }
    return firstFew(out);
  },
};

const singleTransactionMatchesRequest: MeaningCheck = {
  name: 'single_transaction_matches_request',
  rule: 'get_single_transaction_with_transfers answers the transaction asked for',
  sources: [
    {
      document: 'description',
      section: '4.8',
      line: 'Response 200: Transaction with transfers (2.8) for the given account.',
    },
    { document: 'facts', section: 'Shared by all operations', line: 'ids are returned lowercase with `0x`.' },
  ],
  fields: ['get_single_transaction_with_transfers tx.tx_id'],
  check: (a) => {
    if (!ok(a, 'get_single_transaction_with_transfers') || !isJson(a.body.tx)) return [];
    const want = normalHash(a.path.tx_id ?? '');
    return a.body.tx.tx_id === want
      ? []
      : [finding('single_transaction_matches_request', `tx.tx_id ${want}`, String(a.body.tx.tx_id))];
  },
};

const balancesAddUp: MeaningCheck = {
  name: 'balances_add_up',
  rule: 'STX balance = received − sent − fees + miner rewards; a token balance or NFT count = received − sent (a balance may be negative); nothing locked ⇔ `lock_tx_id` is ""; no pending balances with `until_block`',
  sources: [
    {
      document: 'real service',
      section: 'v8.11.6, balances',
      line: 'stx.balance = total_received − total_sent − total_fees_sent + total_miner_rewards_received; a token balance or nft count = total_received − total_sent',
    },
    {
      document: 'facts',
      section: 'Seen on real chain data',
      line: 'A fungible-token `balance` can be negative',
    },
    {
      document: 'facts',
      section: 'Per operation 7',
      line: '`lock_tx_id` is `""` when nothing is locked; `estimated_balance` and `pending_balance_*` appear only without `until_block`',
    },
  ],
  fields: [
    'get_account_balance stx.balance',
    'get_account_balance stx.total_received',
    'get_account_balance stx.total_sent',
    'get_account_balance stx.total_fees_sent',
    'get_account_balance stx.total_miner_rewards_received',
    'get_account_balance stx.lock_tx_id',
    'get_account_balance stx.locked',
    'get_account_balance stx.estimated_balance',
    'get_account_balance stx.pending_balance_*',
    'get_account_balance fungible_tokens{*}.*',
    'get_account_balance non_fungible_tokens{*}.*',
  ],
  check: (a) => {
    if (!ok(a, 'get_account_balance')) return [];
    const out: Problem[] = [];
    const stx = isJson(a.body.stx) ? a.body.stx : {};
    const [balance, received, sent, fees, rewards] = [
      'balance',
      'total_received',
      'total_sent',
      'total_fees_sent',
      'total_miner_rewards_received',
    ].map((k) => big(stx[k]) ?? 0n) as [bigint, bigint, bigint, bigint, bigint];
    if (balance !== received - sent - fees + rewards)
      out.push(
        finding(
          'balances_add_up',
          `stx.balance ${received - sent - fees + rewards} (received − sent − fees + rewards)`,
          String(stx.balance),
        ),
      );
    if ((big(stx.locked) === 0n) !== (stx.lock_tx_id === ''))
      out.push(
        finding(
          'balances_add_up',
          'lock_tx_id "" exactly when nothing is locked',
          `locked ${String(stx.locked)}, lock_tx_id "${String(stx.lock_tx_id)}"`,
        ),
      );
    if (a.query.has('until_block')) {
      const pending = ['estimated_balance', 'pending_balance_inbound', 'pending_balance_outbound'].filter(
        (k) => k in stx,
      );
      if (pending.length)
        out.push(finding('balances_add_up', 'no pending balances with until_block', pending.join(', ')));
    }
    for (const [kind, amount] of [
      ['fungible_tokens', 'balance'],
      ['non_fungible_tokens', 'count'],
    ] as const) {
      const tokens = isJson(a.body[kind]) ? (a.body[kind] as Json) : {};
      for (const [asset, t] of Object.entries(tokens)) {
        if (!isJson(t)) continue;
        const want = (big(t.total_received) ?? 0n) - (big(t.total_sent) ?? 0n);
        if (big(t[amount]) !== want)
          out.push(
            finding(
              'balances_add_up',
              `${kind} ${asset} ${amount} ${want} (received − sent)`,
              String(t[amount]),
            ),
          );
      }
    }
    return firstFew(out);
  },
};

export const MEANING_CHECKS: readonly MeaningCheck[] = [
  ...DERIVED_CHECKS,
  cacheControlByStatus,
  isoTimeMatchesEpoch,
  blockMatchesRequest,
  txListKeyedByRequest,
  mempoolPercentiles,
  pageEchoesRequest,
  pageInDocumentedOrder,
  eventDataFitsKind,
  heightFilterHolds,
  transactionConcernsPrincipal,
  stxSentIncludesFee,
  singleTransactionMatchesRequest,
  balancesAddUp,
];

/** Every meaning check's findings on one answer. */
export function meaningFindings(answer: AnsweredRequest): Problem[] {
  return MEANING_CHECKS.flatMap((c) => c.check(answer));
}
