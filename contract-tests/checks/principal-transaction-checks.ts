import type { Problem } from '../../spec/responses.ts';
import { isJson } from './answered-request.ts';
import {
  big,
  finding,
  firstFew,
  itemsWithTransfers,
  normalHash,
  ok,
  results,
  singleAnswers,
  transfersOf,
  txParties,
  type MeaningCheck,
} from './meaning-check.ts';

/**
 * Meaning checks on a principal's transactions (operations 5, 6 and 8): its events fit their kind,
 * the `height` and `until_block` filters hold, each transaction concerns the principal, `stx_sent`
 * and `stx_received` add up, and the single transaction is the one asked for.
 */

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

const transactionConcernsPrincipal: MeaningCheck = {
  name: 'transaction_concerns_principal',
  rule: 'a transaction with transfers concerns the principal: it sent, sponsored, received a token transfer, called or deployed it, or is a party of one of its transfers. Operation 8 sends only the STX transfers and answers only where its sender, token transfer recipient, contract or one of those shows the principal (a transaction it only sponsored, or that concerns it only through an ft/nft event, is 404 there, as on the real service)',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 6',
      line: 'Transactions included: those the principal sent, received a token transfer in, called or deployed, plus any with an stx/ft/nft event to or from the principal.',
    },
    {
      document: 'real service',
      section: 'v8.11.6, operation 8 (docs/real-service.md)',
      line: 'operation 8 finds the transaction only where the principal is its sender, the recipient of its token transfer, the contract it calls or deploys, or a party of one of its STX events; it answers without `ft_transfers` and `nft_transfers`',
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
    'get_single_transaction_with_transfers tx.sponsor_address',
    'get_single_transaction_with_transfers tx.token_transfer.recipient_address',
    'get_single_transaction_with_transfers tx.contract_call.contract_id',
    'get_single_transaction_with_transfers tx.smart_contract.contract_id',
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
      const single = a.operationId === 'get_single_transaction_with_transfers';
      if (single ? !singleAnswers(item, principal ?? '') : !parties.includes(principal))
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

export const PRINCIPAL_TRANSACTION_CHECKS: readonly MeaningCheck[] = [
  eventDataFitsKind,
  heightFilterHolds,
  transactionConcernsPrincipal,
  stxSentIncludesFee,
  singleTransactionMatchesRequest,
];
