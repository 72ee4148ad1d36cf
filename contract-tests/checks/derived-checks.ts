import type { Problem } from '../../spec/responses.ts';
import { isJson, type AnsweredRequest, type Json } from './answered-request.ts';
import {
  big,
  finding,
  firstFew,
  objectAt,
  objects,
  ok,
  results,
  type MeaningCheck,
} from './meaning-check.ts';

/**
 * Meaning checks on fields derived from others in the same answer, and on units: what the field
 * table (docs/fields.md) showed no rule for. Each holds within one answer, so a chain that moves
 * between requests cannot make it fail.
 */

/** Bitcoin's genesis block, 2009-01-03: no chain time of a Stacks answer is earlier. */
const EARLIEST_SECONDS = 1_230_768_000;
/** Year 2286 in seconds; a time in milliseconds is already past it. */
const LATEST_SECONDS = 10_000_000_000;

const timesInSeconds: MeaningCheck = {
  name: 'times_in_seconds',
  rule: 'every `*_time` integer but the durations `target_block_time` and `avg_block_time` is a unix time in seconds (from 2009 on, not milliseconds); only `parent_burn_block_time` may be 0, for a parent burn block that is the chain\u2019s first, and `burn_block_time` -1, for a transaction not yet anchored',
  sources: [
    {
      document: 'description',
      section: '2',
      line: 'The time unit of the `*_time` integer fields is not shown.',
    },
    {
      document: 'facts',
      section: 'Seen on real chain data',
      line: 'A confirmed transaction whose parent burn block is the chain\'s first has `"parent_burn_block_time": 0`',
    },
    {
      document: 'real service',
      section: 'v8.11.6, every operation',
      line: 'block_time, burn_block_time, parent_burn_block_time and receipt_time are unix seconds; an unanchored transaction has burn_block_time -1 and burn_block_time_iso ""',
    },
  ],
  fields: ['* **.*_time'],
  check: (a) => {
    if (a.status !== 200) return [];
    const out: Problem[] = [];
    for (const [path, o] of objects(a.body)) {
      for (const [key, v] of Object.entries(o)) {
        // A target block time and an average block time are durations, not instants.
        if (
          !key.endsWith('_time') ||
          typeof v !== 'number' ||
          key === 'avg_block_time' ||
          key === 'target_block_time'
        )
          continue;
        if (v === 0 && key === 'parent_burn_block_time') continue;
        if (v === -1 && key === 'burn_block_time' && o.is_unanchored === true) continue;
        if (v < EARLIEST_SECONDS || v >= LATEST_SECONDS)
          out.push(
            finding(
              'times_in_seconds',
              `${path}.${key} in unix seconds (${EARLIEST_SECONDS} ≤ t < ${LATEST_SECONDS})`,
              String(v),
            ),
          );
      }
    }
    return firstFew(out);
  },
};

/** A confirmed transaction's fields that follow from its others. */
function transactionFindings(at: string, tx: Json): Problem[] {
  const out: Problem[] = [];
  const events = Array.isArray(tx.events) ? (tx.events as unknown[]).filter(isJson) : [];
  if (typeof tx.event_count === 'number') {
    if (events.length > tx.event_count)
      out.push(
        finding(
          'transaction_fields_agree',
          `${at}: at most event_count (${tx.event_count}) events`,
          `${events.length} events`,
        ),
      );
    for (const e of events)
      if (typeof e.event_index === 'number' && (e.event_index < 0 || e.event_index >= tx.event_count))
        out.push(
          finding(
            'transaction_fields_agree',
            `${at}: event_index within 0..${tx.event_count - 1} (event_count ${tx.event_count})`,
            String(e.event_index),
          ),
        );
  }
  for (const e of events)
    if (e.tx_id !== undefined && e.tx_id !== tx.tx_id)
      out.push(
        finding('transaction_fields_agree', `${at}: events[].tx_id ${String(tx.tx_id)}`, String(e.tx_id)),
      );
  const hasTransfer = isJson(tx.token_transfer);
  if ((tx.tx_type === 'token_transfer') !== hasTransfer)
    out.push(
      finding(
        'transaction_fields_agree',
        `${at}: a token_transfer object exactly when tx_type is token_transfer`,
        `tx_type ${String(tx.tx_type)}, token_transfer ${hasTransfer ? 'present' : 'absent'}`,
      ),
    );
  if (tx.sponsored === false && typeof tx.sponsor_address === 'string' && tx.sponsor_address !== '')
    out.push(
      finding(
        'transaction_fields_agree',
        `${at}: no sponsor_address when sponsored is false`,
        tx.sponsor_address,
      ),
    );
  return out;
}

/** Every transaction an answer holds, with where it is. */
function transactionsIn(a: AnsweredRequest): Array<[string, Json]> {
  if (!ok(a)) return [];
  switch (a.operationId) {
    case 'get_account_transactions_with_transfers':
      return results(a.body).map((item, i): [string, Json] => [`results[${i}].tx`, objectAt(item.tx)]);
    case 'get_single_transaction_with_transfers':
      return [['tx', objectAt(a.body.tx)]];
    case 'get_tx_list_details':
      return Object.entries(a.body).flatMap(([key, entry]): Array<[string, Json]> =>
        isJson(entry) && entry.found === true && isJson(entry.result)
          ? [[`${key}.result`, entry.result]]
          : [],
      );
    default:
      return [];
  }
}

const transactionFieldsAgree: MeaningCheck = {
  name: 'transaction_fields_agree',
  rule: 'within a transaction: no more `events` than `event_count`, each `event_index` below it and each event\u2019s `tx_id` the transaction\u2019s; a `token_transfer` object exactly when `tx_type` is `token_transfer`; no `sponsor_address` when not sponsored',
  sources: [
    {
      document: 'description',
      section: '2.2',
      line: 'present when tx_type is `token_transfer`: recipient_address (string), amount (string), memo (string)',
    },
    {
      document: 'description',
      section: '2.2',
      line: '| sponsor_address | string | relevant when sponsored |',
    },
    {
      document: 'description',
      section: '2.2',
      line: 'TransactionEvent (inside a transaction): `event_index` (integer), `event_type` (string, value `smart_contract_log` shown), `tx_id` (string)',
    },
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'Also `event_limit` (default 20, max 100), `event_offset` (default 0), `unanchored`.',
    },
  ],
  fields: [
    '* **.tx.event_count',
    '* **.tx.events[].event_index',
    '* **.tx.events[].tx_id',
    '* **.tx.token_transfer',
    '* **.tx.tx_type',
    '* **.tx.sponsored',
    '* **.tx.sponsor_address',
    'get_tx_list_details {*}.result.event_count',
    'get_tx_list_details {*}.result.events[].event_index',
    'get_tx_list_details {*}.result.events[].tx_id',
    'get_tx_list_details {*}.result.token_transfer',
    'get_tx_list_details {*}.result.tx_type',
    'get_tx_list_details {*}.result.sponsored',
    'get_tx_list_details {*}.result.sponsor_address',
  ],
  check: (a) => firstFew(transactionsIn(a).flatMap(([at, tx]) => transactionFindings(at, tx))),
};

const pageHoldsWhatTotalSays: MeaningCheck = {
  name: 'page_holds_what_total_says',
  rule: 'a page holds min(limit, total − offset) results while offset < total, and none at or past the end (where the real service may report total 0); with `height`, operation 6 holds the whole block (`total` results, whatever limit and offset say)',
  sources: [
    {
      document: 'description',
      section: '2.6',
      line: '`limit` (integer), `offset` (integer), `total` (integer), `results` (array).',
    },
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'An `offset` at or past the end gives empty `results` (the real service then reports `total: 0`; a mock that keeps the true total is also within the schema).',
    },
    { document: 'facts', section: 'Per operation 6', line: '`height` returns that whole block.' },
  ],
  fields: ['* total', '* results'],
  check: (a) => {
    if (!ok(a) || !Array.isArray(a.body.results)) return [];
    const { limit, offset, total } = a.body;
    if (typeof limit !== 'number' || typeof offset !== 'number' || typeof total !== 'number') return [];
    // `height` returns that whole block: the real service applies neither limit nor offset then.
    const wholeBlock = a.operationId === 'get_account_transactions_with_transfers' && a.query.has('height');
    const want = wholeBlock ? total : offset < total ? Math.min(limit, total - offset) : 0;
    // The real service reports total 0 past the end: an empty page with total 0 is always consistent.
    if (a.body.results.length === want || (a.body.results.length === 0 && total === 0)) return [];
    return [
      finding(
        'page_holds_what_total_says',
        `${want} results (limit ${limit}, offset ${offset}, total ${total})`,
        `${a.body.results.length} results`,
      ),
    ];
  },
};

/** The unlock schedule splits at one height: what unlocks above it is locked, the rest unlocked. */
function scheduleSplits(schedule: Json[], locked: bigint, unlocked: bigint, height?: number): boolean {
  const sorted = [...schedule].sort((x, y) => Number(x.block_height) - Number(y.block_height));
  const all = sorted.reduce((s, e) => s + (big(e.amount) ?? 0n), 0n);
  if (locked + unlocked !== all) return false;
  let below = 0n;
  const cuts = [0n];
  for (const e of sorted) {
    below += big(e.amount) ?? 0n;
    cuts.push(below);
  }
  if (height === undefined) return cuts.includes(unlocked);
  const want = sorted
    .filter((e) => Number(e.block_height) <= height)
    .reduce((s, e) => s + (big(e.amount) ?? 0n), 0n);
  return unlocked === want;
}

const balanceFieldsAgree: MeaningCheck = {
  name: 'balance_fields_agree',
  rule: '`estimated_balance` = `balance` + `pending_balance_inbound` − `pending_balance_outbound`; something locked has a `lock_height` and unlocks after it locked (`burnchain_unlock_height` > `burnchain_lock_height`); `token_offering_locked`: `total_locked` + `total_unlocked` is the whole `unlock_schedule`, split at one block height (the `until_block` height when given): amounts unlocking above it are locked',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 7',
      line: '`estimated_balance` and `pending_balance_*` appear only without `until_block` (they come from pending mempool transactions); `token_offering_locked` only for addresses with vesting.',
    },
    {
      document: 'description',
      section: '2.9',
      line: '`token_offering_locked`: `total_locked` (string), `total_unlocked` (string), `unlock_schedule` (array of {amount string, block_height integer}).',
    },
    {
      document: 'real service',
      section: 'v8.11.6, balances',
      line: 'estimated_balance = balance + pending inbound − pending outbound; a schedule amount is locked while its block_height is above the height asked for',
    },
  ],
  fields: [
    'get_account_balance stx.estimated_balance',
    'get_account_balance stx.pending_balance_inbound',
    'get_account_balance stx.pending_balance_outbound',
    'get_account_balance stx.lock_height',
    'get_account_balance stx.burnchain_lock_height',
    'get_account_balance stx.burnchain_unlock_height',
    'get_account_balance token_offering_locked.*',
    'get_account_balance token_offering_locked.unlock_schedule[].*',
  ],
  check: (a) => {
    if (!ok(a, 'get_account_balance')) return [];
    const out: Problem[] = [];
    const stx = objectAt(a.body.stx);
    const estimated = big(stx.estimated_balance);
    if (estimated !== undefined) {
      const want =
        (big(stx.balance) ?? 0n) +
        (big(stx.pending_balance_inbound) ?? 0n) -
        (big(stx.pending_balance_outbound) ?? 0n);
      if (estimated !== want)
        out.push(
          finding(
            'balance_fields_agree',
            `estimated_balance ${want} (balance + inbound − outbound)`,
            String(estimated),
          ),
        );
    }
    if ((big(stx.locked) ?? 0n) > 0n) {
      const lockHeight = Number(stx.lock_height);
      const [from, to] = [Number(stx.burnchain_lock_height), Number(stx.burnchain_unlock_height)];
      if (!(lockHeight > 0) || !(to > from))
        out.push(
          finding(
            'balance_fields_agree',
            'locked STX with lock_height > 0 and burnchain_unlock_height > burnchain_lock_height',
            `lock_height ${lockHeight}, burnchain ${from} → ${to}`,
          ),
        );
    }
    const offering = a.body.token_offering_locked;
    if (isJson(offering)) {
      const schedule = Array.isArray(offering.unlock_schedule)
        ? (offering.unlock_schedule as unknown[]).filter(isJson)
        : [];
      const until = a.query.get('until_block');
      const height = until !== null && /^\d+$/.test(until) ? Number(until) : undefined;
      const [locked, unlocked] = [big(offering.total_locked) ?? 0n, big(offering.total_unlocked) ?? 0n];
      if (!scheduleSplits(schedule, locked, unlocked, height))
        out.push(
          finding(
            'balance_fields_agree',
            `token_offering_locked: total_locked + total_unlocked = the schedule, split at ${height === undefined ? 'one block height' : `height ${height}`}`,
            `locked ${locked}, unlocked ${unlocked}, schedule ${JSON.stringify(schedule.map((e) => [e.block_height, e.amount]))}`,
          ),
        );
    }
    return firstFew(out);
  },
};

export const DERIVED_CHECKS: readonly MeaningCheck[] = [
  timesInSeconds,
  transactionFieldsAgree,
  pageHoldsWhatTotalSays,
  balanceFieldsAgree,
];
