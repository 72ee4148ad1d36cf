import { AGREEMENT_VARIANTS, MEMPOOL_AGES_IN_SECONDS } from './agreement-variants.ts';
import { STREAM_VARIANTS } from './stream-variants.ts';
import { CLIENT_ROUTE_VARIANTS, SUCCESSOR_VARIANTS } from './successor-variants.ts';
import { CONTRACT_VARIANTS } from './contract-variants.ts';
import type { Variant } from './variant-server.ts';
import { EXPLORATION, EXPLORING, isObject, plus, type Json } from './variant-kit.ts';

/** The body's `*_time` moved by `seconds`, with its `*_time_iso`, so the answer stays consistent in itself. */
function shiftTime(o: Json, key: string, seconds: number): void {
  const t = Number(o[key]) + seconds;
  o[key] = t;
  o[`${key}_iso`] = new Date(t * 1000).toISOString();
}

/**
 * Broken mocks the contract suite must catch, each with the test that must catch it. The first
 * is the mock unbroken: over HTTP it must pass everything, so what the others fail is their
 * breakage and nothing else.
 */
export const VARIANTS: Variant[] = [
  {
    name: 'faithful',
    breaks: 'nothing: the mock as it is, served over HTTP',
    caughtBy: [],
    // As many cases as the variants only the exploration catches: the control of their catching test.
    explore: EXPLORING,
  },
  {
    name: 'required-field-dropped',
    breaks: 'get_block answers without the required `hash`',
    caughtBy: [/^get_block > 200 OK > latest$/],
    response: (r) => {
      if (r.operationId === 'get_block' && r.status === 200 && isObject(r.body)) delete r.body.hash;
    },
  },
  {
    name: 'amount-as-number',
    breaks: 'get_account_balance sends stx.balance as a JSON number',
    caughtBy: [/^get_account_balance > 200 OK > the stx_activity address$/],
    response: (r) => {
      if (
        r.operationId === 'get_account_balance' &&
        r.status === 200 &&
        isObject(r.body) &&
        isObject(r.body.stx)
      )
        r.body.stx.balance = Number(r.body.stx.balance);
    },
  },
  {
    name: 'limit-max-not-enforced',
    breaks: 'get_account_transactions_with_transfers clamps a limit above 50 instead of refusing it',
    caughtBy: [
      /^get_account_transactions_with_transfers > 400 Bad Request > limit=51 \(above the maximum 50\)$/,
    ],
    request: (q) => {
      const limit = Number(q.url.searchParams.get('limit'));
      if (q.operationId === 'get_account_transactions_with_transfers' && limit > 50)
        q.url.searchParams.set('limit', '50');
    },
  },
  {
    name: 'offset-ignored',
    breaks: 'get_account_transactions_with_transfers ignores offset',
    caughtBy: [/^pagination > get_account_transactions_with_transfers > 200 OK > walking every page/],
    request: (q) => {
      if (q.operationId === 'get_account_transactions_with_transfers') q.url.searchParams.delete('offset');
    },
  },
  {
    name: 'pages-empty',
    breaks:
      'get_account_transactions_with_transfers answers every page asked for by offset with no results, keeping the total',
    caughtBy: [/^pagination > get_account_transactions_with_transfers > 200 OK > walking every page/],
    // The walk names the page, or the meaning check does first, by its offset.
    failureMentions:
      /went wrong at page 1 \(offset 0\) held 0 of|check page_holds_what_total_says: expected [1-9]\d* results \(limit \d+, offset 0,/,
    response: (r) => {
      if (
        r.operationId === 'get_account_transactions_with_transfers' &&
        r.url.searchParams.has('offset') &&
        isObject(r.body) &&
        Array.isArray(r.body.results)
      )
        r.body.results = [];
    },
  },
  {
    name: 'page-short',
    breaks: 'get_account_transactions_with_transfers drops the last item of every page after the first',
    caughtBy: [/^pagination > get_account_transactions_with_transfers > 200 OK > walking every page/],
    failureMentions:
      /went wrong at page 2 \(offset \d+\)|check page_holds_what_total_says: expected \d+ results \(limit \d+, offset [1-9]/,
    response: (r) => {
      if (
        r.operationId === 'get_account_transactions_with_transfers' &&
        Number(r.url.searchParams.get('offset') ?? '0') > 0 &&
        isObject(r.body) &&
        Array.isArray(r.body.results)
      )
        r.body.results.pop();
    },
  },
  {
    name: 'wrong-order',
    breaks: 'get_account_transactions_with_transfers lists oldest first',
    caughtBy: [/^pagination > get_account_transactions_with_transfers > 200 OK > walking every page/],
    response: (r) => {
      if (
        r.operationId === 'get_account_transactions_with_transfers' &&
        isObject(r.body) &&
        Array.isArray(r.body.results)
      )
        r.body.results.reverse();
    },
  },
  {
    name: 'total-off-by-one',
    breaks: 'get_address_transaction_events reports one more event than it has',
    caughtBy: [/^pagination > get_address_transaction_events > 200 OK > walking every page/],
    response: (r) => {
      if (
        r.operationId === 'get_address_transaction_events' &&
        isObject(r.body) &&
        typeof r.body.total === 'number'
      )
        r.body.total += 1;
    },
  },
  {
    name: 'wrong-status-for-unknown-block',
    breaks: 'get_block answers 400 instead of 404 for a block that does not exist',
    caughtBy: [/^get_block > 404 Not Found > a height above the chain tip$/],
    response: (r) => {
      if (r.operationId === 'get_block' && r.status === 404) {
        r.status = 400;
        r.body = { statusCode: 400, error: 'Bad Request', message: 'Block not found' };
      }
    },
  },
  {
    name: 'conflict-not-enforced',
    breaks: 'get_account_transactions_with_transfers accepts height together with until_block',
    caughtBy: [/^get_account_transactions_with_transfers > 400 Bad Request > height with until_block/],
    request: (q) => {
      if (
        q.operationId === 'get_account_transactions_with_transfers' &&
        q.url.searchParams.has('until_block')
      )
        q.url.searchParams.delete('height');
    },
  },
  {
    name: 'deprecation-marker-gone',
    breaks: 'the deprecated operations stop sending Warning: 299',
    caughtBy: [
      /^deprecated operations > get_account_balance > 200 OK > still answers/,
      /^get_account_balance > 200 OK > the stx_activity address$/,
    ],
    response: (r) => {
      delete r.headers['warning'];
    },
  },
  {
    name: 'warning-not-the-releases',
    breaks:
      'the deprecated operations send a Warning of their own (naming a v2 route, as the mock once did), not their release\u2019s text',
    caughtBy: [/^deprecated operations > get_account_balance > 200 OK > still answers/],
    failureMentions: /release 9\.0\.2's own text/,
    response: (r) => {
      if (r.headers['warning'] !== undefined)
        r.headers.warning = '299 - "Deprecated: use GET /extended/v2/addresses/{principal}/balances/stx"';
    },
  },
  {
    name: 'deprecated-diverges',
    breaks: 'get_single_transaction_with_transfers reports one µSTX more received than the list does',
    caughtBy: [
      /^deprecated operations > get_single_transaction_with_transfers > 200 OK > equals the matching item/,
    ],
    response: (r) => {
      if (r.operationId === 'get_single_transaction_with_transfers' && r.status === 200 && isObject(r.body))
        r.body.stx_received = plus(r.body.stx_received, 1n);
    },
  },
  {
    name: 'tip-behind',
    breaks: 'get_status reports a chain tip one block behind blocks/latest',
    caughtBy: [/^chain invariants > get_status > 200 OK > the chain tip is the block/],
    response: (r) => {
      if (r.operationId === 'get_status' && isObject(r.body) && isObject(r.body.chain_tip))
        r.body.chain_tip.block_height = Number(r.body.chain_tip.block_height) - 1;
    },
  },
  {
    name: 'balance-drift',
    breaks: 'get_account_balance reports one µSTX more received than the transfers add up to',
    caughtBy: [
      /^balances agree with transfers > get_account_balance > 200 OK > .* balances equal the sum of its transfers$/,
    ],
    response: (r) => {
      if (
        r.operationId === 'get_account_balance' &&
        r.status === 200 &&
        isObject(r.body) &&
        isObject(r.body.stx)
      ) {
        r.body.stx.total_received = plus(r.body.stx.total_received, 1n);
      }
    },
  },
  {
    name: 'iso-time-drift',
    breaks: 'get_block reports block_time_iso one second after block_time',
    caughtBy: [/^get_block > 200 OK > latest$/],
    response: (r) => {
      if (r.operationId === 'get_block' && r.status === 200 && isObject(r.body))
        r.body.block_time_iso = new Date((Number(r.body.block_time) + 1) * 1000).toISOString();
    },
  },
  {
    name: 'height-filter-ignored',
    breaks: 'get_account_transactions_with_transfers ignores height',
    caughtBy: [/^get_account_transactions_with_transfers > 200 OK > height returns that whole block/],
    request: (q) => {
      if (q.operationId === 'get_account_transactions_with_transfers') q.url.searchParams.delete('height');
    },
  },
  {
    name: 'fee-left-out',
    breaks: 'get_account_transactions_with_transfers leaves the fee out of stx_sent',
    caughtBy: [/^get_account_transactions_with_transfers > 200 OK > an address with STX activity$/],
    response: (r) => {
      if (
        r.operationId !== 'get_account_transactions_with_transfers' ||
        !isObject(r.body) ||
        !Array.isArray(r.body.results)
      )
        return;
      const principal = decodeURIComponent(r.url.pathname.split('/')[4] ?? '');
      for (const item of r.body.results as Json[]) {
        const tx = isObject(item.tx) ? item.tx : {};
        if (tx.sender_address === principal && tx.sponsored !== true)
          item.stx_sent = plus(item.stx_sent, -BigInt(String(tx.fee_rate)));
      }
    },
  },
  {
    name: 'tx-list-wrong-key',
    breaks: 'get_tx_list_details keys a found transaction under another id',
    caughtBy: [/^get_tx_list_details > 200 OK > /],
    response: (r) => {
      if (r.operationId !== 'get_tx_list_details' || r.status !== 200 || !isObject(r.body)) return;
      const [key, entry] = Object.entries(r.body)[0] ?? [];
      if (key === undefined) return;
      delete r.body[key];
      r.body[`0x${'0'.repeat(64)}`] = entry;
    },
  },
  {
    name: 'json-as-text',
    breaks: 'get_mempool_transaction_stats labels its JSON text/plain',
    caughtBy: [/^get_mempool_transaction_stats > 200 OK > the mempool statistics$/],
    response: (r) => {
      if (r.operationId === 'get_mempool_transaction_stats')
        r.headers['content-type'] = 'text/plain; charset=utf-8';
    },
  },
  {
    name: 'balance-until-height-off',
    breaks:
      'get_account_balance with until_block given as a height reports one token more than its transfers add up to (the fixed cases ask by hash only)',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check balances_add_up/,
    response: (r) => {
      if (
        r.operationId !== 'get_account_balance' ||
        !/^\d+$/.test(r.url.searchParams.get('until_block') ?? '') ||
        !isObject(r.body) ||
        !isObject(r.body.stx)
      )
        return;
      r.body.stx.balance = plus(r.body.stx.balance, 1n);
    },
  },
  {
    name: 'block-burn-time-drift',
    breaks:
      'get_block reports the burn block time of every odd block one second late (iso included, the same by height and hash), so it disagrees with the transactions in it',
    caughtBy: [EXPLORATION],
    explore: EXPLORING,
    failureMentions: /check transaction_in_its_block/,
    response: (r) => {
      if (
        r.operationId === 'get_block' &&
        r.status === 200 &&
        isObject(r.body) &&
        Number(r.body.height) % 2 === 1
      )
        shiftTime(r.body, 'burn_block_time', 1);
    },
  },
  {
    name: 'times-in-milliseconds',
    breaks: 'get_block sends its times in milliseconds (the iso strings agreeing with them)',
    caughtBy: [/^get_block > 200 OK > latest$/],
    failureMentions: /check times_in_seconds/,
    response: (r) => {
      if (r.operationId !== 'get_block' || r.status !== 200 || !isObject(r.body)) return;
      for (const key of ['block_time', 'burn_block_time']) shiftTime(r.body, key, Number(r.body[key]) * 999);
    },
  },
  {
    name: 'event-count-short',
    breaks: 'get_tx_list_details reports event_count 0 for transactions it lists events of',
    caughtBy: [/^get_tx_list_details > 200 OK > /],
    failureMentions: /check transaction_fields_agree/,
    response: (r) => {
      if (r.operationId !== 'get_tx_list_details' || r.status !== 200 || !isObject(r.body)) return;
      for (const entry of Object.values(r.body))
        if (
          isObject(entry) &&
          isObject(entry.result) &&
          Array.isArray(entry.result.events) &&
          entry.result.events.length
        )
          entry.result.event_count = 0;
    },
  },
  {
    name: 'estimated-balance-drift',
    breaks: 'get_account_balance reports an estimated_balance one µSTX above balance + inbound − outbound',
    caughtBy: [/^get_account_balance > 200 OK > the stx_activity address$/],
    failureMentions: /check balance_fields_agree/,
    response: (r) => {
      if (
        r.operationId !== 'get_account_balance' ||
        r.status !== 200 ||
        !isObject(r.body) ||
        !isObject(r.body.stx)
      )
        return;
      const stx = r.body.stx;
      if (stx.estimated_balance !== undefined) stx.estimated_balance = plus(stx.estimated_balance, 1n);
    },
  },
  {
    name: 'page-past-the-end-not-empty',
    breaks: 'get_address_transaction_events answers an offset past the end with the last event again',
    caughtBy: [/^pagination > get_address_transaction_events > 200 OK > offset past the end/],
    failureMentions: /check page_holds_what_total_says/,
    response: (r) => {
      if (r.operationId !== 'get_address_transaction_events' || r.status !== 200 || !isObject(r.body)) return;
      const offset = Number(r.url.searchParams.get('offset') ?? '0');
      if (
        Array.isArray(r.body.results) &&
        r.body.results.length === 0 &&
        offset > 0 &&
        Number(r.body.total) > 0
      )
        r.body.results = [
          {
            type: 'stx',
            event_index: Number(r.body.total) - 1,
            data: { type: 'transfer', amount: '1', sender: 'x', recipient: 'y' },
          },
        ];
    },
  },
  {
    name: 'nft-count-off',
    breaks: 'get_account_balance reports every NFT count one above what was received less what was sent',
    caughtBy: [/^get_account_balance > 200 OK > the nft_activity address$/],
    failureMentions: /check balances_add_up/,
    response: (r) => {
      if (r.operationId !== 'get_account_balance' || r.status !== 200 || !isObject(r.body)) return;
      const nfts = r.body.non_fungible_tokens;
      for (const t of Object.values(isObject(nfts) ? nfts : {})) if (isObject(t)) t.count = plus(t.count, 1n);
    },
  },
  {
    name: 'clarity-repr-unquoted',
    breaks:
      'every Clarity repr prints a principal without its leading quote, as @stacks/transactions\u2019 cvToString does',
    caughtBy: [/^get_account_transactions_with_transfers > 200 OK > an address with STX activity$/],
    failureMentions: /check clarity_pairs_decode/,
    response: (r) => {
      const unquote = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(unquote);
        else if (isObject(v))
          for (const [k, x] of Object.entries(v))
            if (k === 'repr' && typeof x === 'string') v[k] = x.replace(/'(S[0-9A-Z])/g, '$1');
            else unquote(x);
      };
      unquote(r.body);
    },
  },
  {
    name: 'mempool-ages-in-seconds',
    ...MEMPOOL_AGES_IN_SECONDS,
    caughtBy: [/^get_mempool_transaction_stats > 200 OK > its ages, in blocks, are bounded by the chain tip/],
    failureMentions: /check mempool_ages_within_chain/,
  },
  ...AGREEMENT_VARIANTS,
  ...SUCCESSOR_VARIANTS,
  ...CONTRACT_VARIANTS,
  ...CLIENT_ROUTE_VARIANTS,
  ...STREAM_VARIANTS,
];
