import type { Problem } from '../../spec/responses.ts';
import { ORDERINGS, orderFindings } from '../cases/ordering.ts';
import { isJson, type Answer, type Json } from './answer.ts';

/**
 * What an answer means, beyond its shape: one function per rule the service description or the
 * service facts state, each named for the rule (as Schemathesis names its checks). Every check
 * sees every answer the suite judges and returns nothing for answers its rule does not cover.
 * A finding's `where` is `check <name>` (or the header it is about), so a target file can list a
 * known deviation of one rule.
 */
export interface MeaningCheck {
  name: string;
  /** The rule, and where it is stated. */
  rule: string;
  check(answer: Answer): Problem[];
}

function finding(name: string, expected: string, actual: string): Problem {
  return {
    where: `check ${name}`,
    expected,
    actual,
  };
}

function ok(a: Answer, operationId?: string): a is Answer & { body: Json } {
  return a.status === 200 && isJson(a.body) && (operationId === undefined || a.operationId === operationId);
}

function results(body: Json): Json[] {
  return Array.isArray(body.results) ? (body.results as unknown[]).filter(isJson) : [];
}

function big(v: unknown): bigint | undefined {
  try {
    return typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : undefined;
  } catch {
    return undefined;
  }
}

function normalHash(v: string): string {
  return (v.startsWith('0x') ? v : `0x${v}`).toLowerCase();
}
function isHash(v: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(v);
}

/** Every object in the body, with the path that leads to it. */
function* objects(value: unknown, path = ''): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* objects(v, `${path}[${i}]`);
  } else if (isJson(value)) {
    yield [path || '(body)', value];
    for (const [k, v] of Object.entries(value)) yield* objects(v, path ? `${path}.${k}` : k);
  }
}

const cacheControlByStatus: MeaningCheck = {
  name: 'cache_control_by_status',
  rule: 'Cache-Control is `public, no-cache, must-revalidate` on 200 and `no-store` on other statuses (facts: shared by all operations)',
  check: (a) => {
    if (a.status === 304) return [];
    const want = a.status === 200 ? 'public, no-cache, must-revalidate' : 'no-store';
    const got = a.headers['cache-control'];
    if (got === undefined || got.replace(/\s+/g, ' ').toLowerCase() === want) return [];
    return [
      {
        where: 'header cache-control',
        expected: `${want} on ${a.status} (cache_control_by_status)`,
        actual: got,
      },
    ];
  },
};

const isoTimeMatchesEpoch: MeaningCheck = {
  name: 'iso_time_matches_epoch',
  rule: 'every `*_time_iso` is the same instant as its `*_time` in unix seconds; `parent_burn_block_time: 0` goes with `""` (spec; facts: seen on real chain data)',
  check: (a) => {
    const out: Problem[] = [];
    for (const [path, o] of objects(a.body)) {
      for (const [key, iso] of Object.entries(o)) {
        if (!key.endsWith('_time_iso') || typeof iso !== 'string') continue;
        const epoch = o[key.slice(0, -'_iso'.length)];
        if (typeof epoch !== 'number') continue;
        if (epoch === 0 && iso === '') continue;
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
    return out.slice(0, 3);
  },
};

const blockMatchesRequest: MeaningCheck = {
  name: 'block_matches_request',
  rule: 'get_block serves only canonical blocks, and the block asked for: its height, or a hash equal to `hash` or `index_block_hash` (facts: operation 1)',
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
  rule: 'get_tx_list_details answers each id asked for, keyed as written or in its lowercase 0x form, and only those; a found entry is that transaction (facts: operation 2, seen on real chain data)',
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
    return out.slice(0, 3);
  },
};

const PERCENTILES = ['p25', 'p50', 'p75', 'p95'] as const;

const mempoolPercentiles: MeaningCheck = {
  name: 'mempool_percentiles_ordered',
  rule: 'mempool percentiles rise from p25 to p95, and are null exactly for a type with no pending transactions (description 2.4; facts: operation 3)',
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
    return out.slice(0, 3);
  },
};

const pageEchoesRequest: MeaningCheck = {
  name: 'page_echoes_request',
  rule: 'a page echoes the limit (the default for 0 or none) and offset asked for, and holds at most `limit` results (description 2.6, 8; facts: `limit=0` means the default)',
  check: (a) => {
    if (!ok(a) || !Array.isArray(a.body.results) || typeof a.body.limit !== 'number') return [];
    const out: Problem[] = [];
    const limit = Number(a.query.get('limit') ?? '0');
    const offset = Number(a.query.get('offset') ?? '0');
    if (limit > 0 && a.body.limit !== limit)
      out.push(finding('page_echoes_request', `limit ${limit}`, String(a.body.limit)));
    if (a.body.offset !== offset)
      out.push(finding('page_echoes_request', `offset ${offset}`, String(a.body.offset)));
    if (a.body.results.length > a.body.limit)
      out.push(
        finding('page_echoes_request', `at most ${a.body.limit} results`, String(a.body.results.length)),
      );
    return out;
  },
};

const pageInDocumentedOrder: MeaningCheck = {
  name: 'page_in_documented_order',
  rule: 'events by `event_index` ascending; transactions with transfers by block height, then tx index, descending (facts: operations 5 and 6)',
  check: (a) => {
    const ordering = ORDERINGS[a.operationId];
    if (!ok(a) || !ordering) return [];
    return orderFindings(ordering, results(a.body), 'check page_in_documented_order');
  },
};

const eventDataFitsKind: MeaningCheck = {
  name: 'event_data_fits_kind',
  rule: 'an event of the address: a mint has no sender, a burn no recipient, a transfer both; stx/ft carry an amount, ft/nft an asset identifier, nft a value and no amount; the address is a party (facts: operation 5)',
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
    return out.slice(0, 3);
  },
};

const heightFilterHolds: MeaningCheck = {
  name: 'height_filter_holds',
  rule: '`height` returns only transactions of that block; `until_block` (a height) none above it (description 4.6; facts: operation 6)',
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
    return out.slice(0, 3);
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

/** The transactions-with-transfers items of an answer of operation 6 (a page) or 8 (one item). */
function itemsWithTransfers(a: Answer): Json[] {
  if (ok(a, 'get_account_transactions_with_transfers')) return results(a.body);
  return ok(a, 'get_single_transaction_with_transfers') ? [a.body] : [];
}

function transfersOf(item: Json): Json[] {
  return ['stx_transfers', 'ft_transfers', 'nft_transfers'].flatMap((k) =>
    Array.isArray(item[k]) ? (item[k] as unknown[]).filter(isJson) : [],
  );
}

const transactionConcernsPrincipal: MeaningCheck = {
  name: 'transaction_concerns_principal',
  rule: 'a transaction with transfers concerns the principal: it sent, sponsored, received a token transfer, called or deployed it, or is a party of one of its transfers (facts: operation 6)',
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
    return out.slice(0, 3);
  },
};

const stxSentIncludesFee: MeaningCheck = {
  name: 'stx_sent_includes_fee',
  rule: '`stx_sent` is the STX the principal sent in its transfers plus the fee when it paid it (the sender; for a sponsored transaction the sender or the sponsor, as the mock and the real service differ); `stx_received` the STX its transfers brought in (facts: operation 6)',
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
    return out.slice(0, 3);
  },
};

const singleTransactionMatchesRequest: MeaningCheck = {
  name: 'single_transaction_matches_request',
  rule: 'get_single_transaction_with_transfers answers the transaction asked for (facts: operation 8; ids are returned lowercase with 0x)',
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
  rule: 'STX balance = received − sent − fees + miner rewards; a token balance = received − sent (may be negative); nothing locked ⇔ `lock_tx_id` is ""; no pending balances with `until_block` (facts: operation 7, seen on real chain data)',
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
    const tokens = isJson(a.body.fungible_tokens) ? a.body.fungible_tokens : {};
    for (const [asset, t] of Object.entries(tokens)) {
      if (!isJson(t)) continue;
      const want = (big(t.total_received) ?? 0n) - (big(t.total_sent) ?? 0n);
      if (big(t.balance) !== want)
        out.push(finding('balances_add_up', `${asset} balance ${want} (received − sent)`, String(t.balance)));
    }
    return out.slice(0, 3);
  },
};

export const MEANING_CHECKS: readonly MeaningCheck[] = [
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
export function meaningFindings(answer: Answer): Problem[] {
  return MEANING_CHECKS.flatMap((c) => c.check(answer));
}
