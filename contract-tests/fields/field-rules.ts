import type { FieldsUnchecked } from '../../spec/load.ts';
import type { FieldSelector, Source } from '../checks/meaning-check.ts';
import { operations } from '../spec-context.ts';

/** A rule a fixed cross-operation test checks (contract-tests/cross/, operations/), for the field table. */
export interface FixedRule {
  name: string;
  rule: string;
  sources: Source[];
  fields: FieldSelector[];
}

const TX_LINE: Source = {
  document: 'description',
  section: '2.2',
  line: 'Additional fields of the confirmed form (returned inside address operations):',
};

/** Where the explorer's routes come from: the issue that counted what real clients call. */
const EXPLORER_ISSUE: Source = {
  document: 'facts',
  section: 'Beyond the eight',
  line: '`/extended/v2/mempool/fees`, `/extended/v1/contract/{id}`, `/extended/v2/blocks`, `/extended/v2/burn-blocks`, `/extended/v2/pox/cycles` 1 each.',
};

export const FIXED_CROSS_RULES: FixedRule[] = [
  {
    name: 'chain_tip_is_latest_block',
    rule: 'cross/chain-invariants: the status chain tip is `blocks/latest` (height, hash, index hash, burn height), read again when the tip moved between the two',
    sources: [
      {
        document: 'description',
        section: '1',
        line: 'Fetch the running status of the service, with server version and chain tip.',
      },
    ],
    fields: [
      'get_status chain_tip.block_height',
      'get_status chain_tip.block_hash',
      'get_status chain_tip.index_block_hash',
      'get_status chain_tip.burn_block_height',
    ],
  },
  {
    name: 'block_same_by_every_key',
    rule: 'cross/chain-invariants: a block is the same answer by height, hash, index block hash and upper-case hash without 0x',
    sources: [
      {
        document: 'facts',
        section: 'Per operation 1',
        line: '`latest`, an integer height, or a 64-hex hash with or without `0x` (case-insensitive) matching either `hash` or `index_block_hash`.',
      },
    ],
    fields: ['get_block *'],
  },
  {
    name: 'listed_transactions_found_by_id',
    rule: 'cross/chain-invariants: the transactions an address lists are found by id (operation 2) in the same block',
    sources: [TX_LINE],
    fields: ['get_tx_list_details {*}.result.block_hash', 'get_tx_list_details {*}.result.block_height'],
  },
  {
    name: 'balances_equal_transfers',
    rule: 'cross/balances: for an address whose whole history the target file vouches for (`addresses.fullHistory`), the STX and token balances, totals sent and received and fees equal the sums over its transfers, at one pinned block',
    sources: [
      {
        document: 'description',
        section: '2.9',
        line: '`stx` members, all strings unless noted: `balance`, `estimated_balance`, `pending_balance_inbound`, `pending_balance_outbound`, `total_sent`, `total_received`, `total_fees_sent`, `total_miner_rewards_received`, `lock_tx_id`, `locked`',
      },
    ],
    fields: [
      'get_account_balance stx.balance',
      'get_account_balance stx.total_sent',
      'get_account_balance stx.total_received',
      'get_account_balance stx.total_fees_sent',
      'get_account_balance fungible_tokens{*}.*',
      'get_account_balance non_fungible_tokens{*}.*',
      'get_account_transactions_with_transfers results[].*_transfers[].*',
    ],
  },
  {
    name: 'pages_walk_to_total',
    rule: 'cross/pagination: walking every page holds each item once, in the documented order, as many as `total`; limit omitted, 0, 1, 50; offset 0, middle, past the end',
    sources: [
      {
        document: 'description',
        section: '2.6',
        line: '`limit` (integer), `offset` (integer), `total` (integer), `results` (array).',
      },
    ],
    fields: [
      'get_address_transaction_events total',
      'get_address_transaction_events results',
      'get_account_transactions_with_transfers total',
      'get_account_transactions_with_transfers results',
    ],
  },
  {
    name: 'not_modified_with_etag',
    rule: 'operations/*: the same request with `If-None-Match` carrying the ETag gets 304 without a body',
    sources: [
      {
        document: 'facts',
        section: 'Shared by all operations',
        line: 'and `If-None-Match` with that ETag gives 304.',
      },
    ],
    fields: ['* header etag'],
  },
  {
    name: 'deprecated_marked',
    rule: 'cross/deprecated: the operations the target\u2019s release deprecates answer with that release\u2019s exact `Warning: 299` text, the others with none; a 410 Gone from one is its sunset on the target',
    sources: [
      {
        document: 'facts',
        section: 'Shared by all operations',
        line: 'Deprecated routes add `Warning: 299 - "Deprecated: ..."`.',
      },
    ],
    fields: ['* header warning'],
  },
  {
    name: 'release_fields',
    rule: 'operations/get_status, get_tx_list_details: the status carries `pox_v1/2/3_unlock_height`, and a pending result `replaced_by_tx_id`, exactly when the release the target\u2019s `server_version` names does (v8 the first, v9 the second)',
    sources: [
      {
        document: 'facts',
        section: 'Release 9 (the line users run from July 2026)',
        line: 'Operation 4: `pox_v1/2/3_unlock_height` are gone; `server_version` reads',
      },
      {
        document: 'facts',
        section: 'Release 9 (the line users run from July 2026)',
        line: 'A pending `result` always carries `replaced_by_tx_id` (a tx id or null).',
      },
    ],
    fields: ['get_status pox_v*_unlock_height', 'get_tx_list_details {*}.result.replaced_by_tx_id'],
  },
  {
    name: 'deprecated_equals_replacement',
    rule: 'cross/deprecated: operation 8 equals the matching item of operation 6, and its transfers equal the events of operation 5',
    sources: [
      {
        document: 'description',
        section: '4.8',
        line: 'Deprecated in favor of the address transaction events operation (4.5).',
      },
    ],
    fields: ['get_single_transaction_with_transfers **', 'get_address_transaction_events results[].**'],
  },
  {
    name: 'block_transactions_are_the_block',
    rule: 'cross/explorer-agreement: a block\u2019s transactions (v2) are as many as its `tx_count`, each with its hash as `block_hash`',
    sources: [EXPLORER_ISSUE],
    fields: ['get_transactions_by_block total', 'get_transactions_by_block results[].block_hash'],
  },
  {
    name: 'burn_block_is_its_blocks',
    rule: 'cross/explorer-agreement: a burn block\u2019s `stacks_blocks` are the blocks it anchors, in order, each with its height as `burn_block_height`, and `total_tx_count` their sum',
    sources: [EXPLORER_ISSUE],
    fields: [
      'get_burn_block stacks_blocks[]',
      'get_burn_block total_tx_count',
      'get_blocks_by_burn_block results[].hash',
      'get_blocks_by_burn_block results[].burn_block_height',
      'get_blocks_by_burn_block results[].tx_count',
    ],
  },
  {
    name: 'cycle_totals_add_up_signers',
    rule: 'cross/explorer-agreement: a reward cycle\u2019s `total_signers`, `total_weight` and `total_stacked_amount` are its signers\u2019 count and sums',
    sources: [EXPLORER_ISSUE],
    fields: [
      'get_pox_cycle total_signers',
      'get_pox_cycle total_weight',
      'get_pox_cycle total_stacked_amount',
      'get_pox_cycle_signers total',
      'get_pox_cycle_signers results[].weight',
      'get_pox_cycle_signers results[].stacked_amount',
    ],
  },
  {
    name: 'mempool_list_agrees',
    rule: 'cross/client-routes: each transaction of the mempool list is, whole, the pending one `tx/multiple` finds; v3\u2019s mempool list holds the same transactions, newest received first',
    sources: [
      {
        document: 'real service',
        section: 'src/api/routes/v1/tx.ts and v3/mempool.ts, at v9.0.2',
        line: 'both list the mempool rows not pruned, by receipt time, newest first by default',
      },
    ],
    fields: ['get_mempool_transaction_list results[].**', 'get_mempool_transactions results[].**'],
  },
  {
    name: 'nft_holdings_agree',
    rule: 'cross/client-routes: the NFT holdings count, per asset, what operation 7 counts, and hold the instances v3\u2019s NFT balances hold',
    sources: [
      {
        document: 'real service',
        section: 'src/api/routes/v1/tokens.ts, at v9.0.2',
        line: 'its description names `GET /extended/v3/principals/{principal}/balances/nft` as the replacement',
      },
    ],
    fields: ['get_nft_holdings results[].asset_identifier', 'get_nft_holdings results[].tx.**'],
  },
  {
    name: 'raw_transaction_is_the_transaction',
    rule: 'cross/client-routes: a transaction\u2019s bytes hash (sha512/256) to its id and decode, with stacks.js, to the nonce, fee, sponsorship and payload type `tx/{tx_id}` serves',
    sources: [
      {
        document: 'real service',
        section: 'src/api/routes/v1/tx.ts and src/datastore/pg-store.ts (getRawTx), at v9.0.2',
        line: 'it serves the `raw_tx` it stored for the id, from the mined transactions or the mempool',
      },
    ],
    fields: ['get_raw_transaction_by_id raw_tx'],
  },
];

/**
 * Why the suite checks an operation's fields by schema only, by the spec's `x-fields-unchecked`
 * (the whole operation's fields take the reason).
 */
const WHOLE_OPERATION: Record<FieldsUnchecked, string> = {
  'wallet-route':
    'a wallet route the suite has no valid request for yet: shape by schema; its meaning is tested with stacks.js against the mock (docs/wallets.md)',
  successor:
    'a successor a deprecation names (issue 32): its agreement with the deprecated operation is checked on the mock by mocks/operations/successors.test.ts; the suite has no agreement check for it yet',
  'wallet-successor':
    'a v3 successor of a wallet read (the transaction by id, the nonces): its agreement with the deprecated route is checked on the mock by mocks/operations/wallet-successors.test.ts; the suite has no agreement check for it yet',
  explorer:
    'an explorer route (issue 40): its agreement with get_block, the mempool statistics, its own totals and the v3 route is checked on the mock by mocks/operations/explorer-routes.test.ts, and against the real service by the differential; the suite checks a block\u2019s transactions, a burn block\u2019s blocks and a cycle\u2019s totals (cross/explorer-agreement), the rest by schema',
  'contract-route':
    'a contract route (issue 39): what the Clarity engine or the world\u2019s deployment says, checked on the mock by mocks/operations/contract-routes.test.ts; the suite checks /v2/info\u2019s tip and a token\u2019s get-balance against the extended routes (cross/contracts), the rest by schema',
};

/**
 * Fields no rule can check from outside beyond their schema, and why: these, then every other
 * field of the operations the spec marks `x-fields-unchecked` (a field takes its first reason). A test fails when a field has
 * neither a rule nor a reason, or when a reason matches no field.
 */
export const UNCHECKED: Array<{ selector: FieldSelector; why: string }> = [
  {
    selector: 'get_nft_holdings results[].block_height',
    why: 'the height of the custody event; the suite has no event index to read it back from',
  },
  {
    selector: 'get_nft_holdings results[].tx_id',
    why: 'the custody event\u2019s transaction; the suite has no event index to read it back from',
  },
  {
    selector: 'get_mempool_transactions cursor.*',
    why: 'an opaque v3 cursor (`receipt_time:tx_id`); the agreement check walks it to the end',
  },
  {
    selector: '* header *ratelimit-*',
    why: 'the hosted gateway\u2019s quota counters, typed when sent; the 429 tests check `retry-after`',
  },
  {
    selector: '* **.post_conditions**',
    why: 'the conditions the sender signed: no answer states what they must be (shape and enums by schema)',
  },
  { selector: '* **.post_condition_mode', why: 'as the sender signed it (enum by schema)' },
  { selector: '* **.anchor_mode', why: 'as the sender signed it (enum by schema)' },
  { selector: '* **.token_transfer.memo', why: 'bytes the sender chose' },
  {
    selector: '* **.token_transfer.amount',
    why: 'the amount signed; what moved is in the transfers, which the meaning checks add up',
  },
  {
    selector: '* **.token_transfer.recipient_address',
    why: 'as signed; in operation 6 it makes the transaction concern its principal (`transaction_concerns_principal`)',
  },
  {
    selector: '* **.smart_contract.**',
    why: 'the deployed contract as signed: no other operation states it',
  },
  {
    selector: '* **.contract_call.**',
    why: 'the call as signed (function, arguments): no other operation states it',
  },
  {
    selector: '* **.coinbase_payload.**',
    why: 'the miner\u2019s payload as signed: no other operation states it',
  },
  {
    selector: '* **.tenure_change_payload.**',
    why: 'the tenure change as the miner signed it: no other operation states it',
  },
  {
    selector: '* **.poison_microblock.**',
    why: 'the two microblock headers as reported: no other operation states them',
  },
  { selector: '* **.vm_error', why: 'the virtual machine\u2019s message, string or null' },
  {
    selector: '* **.tx_status',
    why: 'the node\u2019s verdict: a mined transaction\u2019s is one of the mined statuses (enum by schema); nothing else states it',
  },
  { selector: '* **.execution_cost_*', why: 'the costs the node measured: no other answer states them' },
  {
    selector: '* **.microblock_*',
    why: 'microblock placement, the node\u2019s: no operation lists microblocks',
  },
  {
    selector: '* **.is_unanchored',
    why: 'set with `unanchored=true` only; an unanchored transaction\u2019s times are checked (`times_in_seconds`)',
  },
  {
    selector: '* **.nonce',
    why: 'the sender\u2019s nonce as signed: no operation lists a sender\u2019s nonces (operation 2 agrees with the listing: `tx_list_matches_transaction`)',
  },
  {
    selector: '* **.sponsor_nonce',
    why: 'the sponsor\u2019s nonce as signed: no operation lists a sponsor\u2019s nonces',
  },
  {
    selector: '* **.canonical',
    why: 'these operations serve the canonical chain; a transaction marked otherwise is left out of the agreement checks',
  },
  {
    selector: '* **.events[].**',
    why: 'the events as the node recorded them: beyond `event_index` and `tx_id` (`transaction_fields_agree`) no operation lists all of a transaction\u2019s events (operation 5 lists one address\u2019s)',
  },
  {
    selector: '* **.tx_index',
    why: 'the position in its block as the node numbered it: operation 6 orders by it (`page_in_documented_order`); no operation lists a block\u2019s transactions',
  },
  {
    selector: 'get_status server_version',
    why: 'free text naming the release: the suite reads it to expect that release\u2019s deprecations, headers and fields',
  },
  { selector: 'get_status status', why: 'the service\u2019s word for its state' },
  {
    selector: 'get_status chain_tip.microblock_*',
    why: 'the node\u2019s microblock tip: no operation lists microblocks',
  },
  ...operations.flatMap((op) =>
    op.fieldsUnchecked
      ? [{ selector: `${op.operationId} **`, why: WHOLE_OPERATION[op.fieldsUnchecked] }]
      : [],
  ),
];
