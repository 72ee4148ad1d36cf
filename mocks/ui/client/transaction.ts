import type { components } from '../../../spec/types.ts';
import type { Exchanges, Ok } from './api.ts';
import { errorLine, facts, h, link, table } from './dom.ts';
import { statusClass, stx } from './format.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

type Listed = Ok<'get_tx_list_details'>[string];
type Found = Extract<Listed, { found: true }>['result'];
type TokenTransfer = components['schemas']['TokenTransferPayload'];

/**
 * Status (get_tx_list_details), then, once mined, the sender's view of it: its transfers
 * (get_single_transaction_with_transfers) and events (get_address_transaction_events).
 */
export async function transactionView(x: Exchanges, [txId = '']: string[]): Promise<Drawn> {
  const title = `Transaction ${txId}`;
  const listed = await x.get<Ok<'get_tx_list_details'>>(
    urlFor('get_tx_list_details', { query: { tx_id: txId } }),
  );
  if (!listed.ok) return { title, content: [errorLine(listed.error)] };
  const entry = Object.values(listed.body)[0];
  if (!entry?.found) return { title, content: [errorLine(`No transaction ${txId} in this world.`)] };
  const tx = entry.result;
  const content: (Node | string)[] = [summary(tx)];
  if (!('block_height' in tx)) {
    content.push(h('p', {}, 'Pending: transfers and events appear once a block mines it.'));
    return { title, content };
  }
  const sender = tx.sender_address;
  const [transfers, events] = await Promise.all([
    x.get<Ok<'get_single_transaction_with_transfers'>>(
      urlFor('get_single_transaction_with_transfers', { path: { principal: sender, tx_id: tx.tx_id } }),
    ),
    x.get<Ok<'get_address_transaction_events'>>(
      urlFor('get_address_transaction_events', { path: { address: sender, tx_id: tx.tx_id } }),
    ),
  ]);
  content.push(h('h3', {}, "Transfers (the sender's)"));
  if (!transfers.ok) content.push(errorLine(transfers.error));
  else
    content.push(
      table(
        ['Asset', 'Amount or value', 'From', 'To'],
        [
          ...transfers.body.stx_transfers.map((t) => [
            'STX',
            stx(t.amount),
            t.sender ?? '',
            t.recipient ?? '',
          ]),
          ...(transfers.body.ft_transfers ?? []).map((t) => [
            t.asset_identifier,
            t.amount,
            t.sender ?? '',
            t.recipient ?? '',
          ]),
          ...(transfers.body.nft_transfers ?? []).map((t) => [
            t.asset_identifier,
            t.value.repr,
            t.sender ?? '',
            t.recipient ?? '',
          ]),
        ],
      ),
    );
  content.push(h('h3', {}, "Events (the sender's)"));
  if (!events.ok) content.push(errorLine(events.error));
  else
    content.push(
      table(
        ['Index', 'Type', 'Movement', 'Asset', 'Amount or value'],
        events.body.results.map((e) => [
          e.event_index,
          e.type,
          e.data.type,
          'asset_identifier' in e.data ? e.data.asset_identifier : 'STX',
          e.type === 'stx' ? stx(e.data.amount) : 'amount' in e.data ? e.data.amount : e.data.value.repr,
        ]),
        ['Index'],
      ),
    );
  return { title, content };
}

function summary(tx: Found): HTMLElement {
  const status = 'tx_status' in tx ? tx.tx_status : 'unknown';
  const rows: [string, (Node | string)[] | Node | string][] = [
    ['Status', h('span', { id: 'tx-status', class: statusClass(status) }, status)],
    ['Id', tx.tx_id],
    ['Type', 'tx_type' in tx ? tx.tx_type : ''],
    ['Sender', 'sender_address' in tx ? link(`#/address/${tx.sender_address}`, tx.sender_address) : ''],
    ['Fee', 'fee_rate' in tx ? stx(tx.fee_rate) : ''],
  ];
  if ('block_height' in tx)
    rows.push(['Block', link(`#/block/${tx.block_height}`, `${tx.block_height} (${tx.block_time_iso})`)]);
  // The spec's types omit `tx_type` from the payload's union, so it cannot narrow the payload.
  const transfer = (tx as Partial<TokenTransfer>).token_transfer;
  if (transfer) {
    const { amount, recipient_address: to } = transfer;
    rows.push(['Transfer', [stx(amount), ' to ', link(`#/address/${to}`, to)]]);
  }
  return facts(rows);
}
