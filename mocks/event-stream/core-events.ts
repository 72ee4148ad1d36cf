import { transactionEvent } from '../serialize/events.ts';
import type { TransactionEvent } from '../serialize/types.ts';
import { contractAt, type Chain } from '../world/tables/chain.ts';
import { eventsOf } from '../world/derive/events.ts';
import { EventKind } from '../world/tables/kinds.ts';

/** One event as a stacks-node reports it in `/new_block` (or `/new_microblocks`). */
export type CoreEvent = { txid: string; event_index: number; committed: true; type: string } & Record<
  string,
  unknown
>;

/**
 * The events of mined transaction `tx` as the node reports them, numbered from `firstIndex` (a
 * node numbers the events of a whole block). They are the events the mock serves, so a balance
 * the real service sums from them is the one the mock sums.
 */
export function coreEventsOf(chain: Chain, tx: number, firstIndex: number): CoreEvent[] {
  const txid = chain.txs.idHex(tx);
  return eventsOf(chain, tx).map((event, i) => {
    const base = { txid, event_index: firstIndex + i, committed: true as const };
    const served = transactionEvent(chain, tx, event, i);
    if (event.kind === EventKind.StxLock)
      return {
        ...base,
        type: 'stx_lock_event',
        stx_lock_event: {
          locked_amount: String(event.amount),
          unlock_height: String(event.unlockHeight),
          locked_address: chain.principals.name(event.sender),
          contract_identifier: contractAt(chain, event.contract).id,
        },
      };
    return { ...base, ...coreFormOf(served) };
  });
}

function coreFormOf(e: TransactionEvent): { type: string } & Record<string, unknown> {
  switch (e.event_type) {
    case 'smart_contract_log':
      return {
        type: 'contract_event',
        contract_event: {
          contract_identifier: e.contract_log.contract_id,
          topic: e.contract_log.topic,
          value: null,
          raw_value: e.contract_log.value.hex,
        },
      };
    case 'stx_asset': {
      const a = e.asset;
      return a.asset_event_type === 'transfer'
        ? movement('stx_transfer_event', { recipient: a.recipient, sender: a.sender, amount: a.amount })
        : a.asset_event_type === 'mint'
          ? movement('stx_mint_event', { recipient: a.recipient, amount: a.amount })
          : movement('stx_burn_event', { sender: a.sender, amount: a.amount });
    }
    case 'fungible_token_asset': {
      const a = e.asset;
      const asset_identifier = a.asset_id;
      return a.asset_event_type === 'transfer'
        ? movement('ft_transfer_event', {
            asset_identifier,
            recipient: a.recipient,
            sender: a.sender,
            amount: a.amount,
          })
        : a.asset_event_type === 'mint'
          ? movement('ft_mint_event', { asset_identifier, recipient: a.recipient, amount: a.amount })
          : movement('ft_burn_event', { asset_identifier, sender: a.sender, amount: a.amount });
    }
    case 'non_fungible_token_asset': {
      const a = e.asset;
      const value = { asset_identifier: a.asset_id, value: null, raw_value: a.value.hex };
      return a.asset_event_type === 'transfer'
        ? movement('nft_transfer_event', { ...value, recipient: a.recipient, sender: a.sender })
        : a.asset_event_type === 'mint'
          ? movement('nft_mint_event', { ...value, recipient: a.recipient })
          : movement('nft_burn_event', { ...value, sender: a.sender });
    }
    default:
      throw new Error(`an event of type ${e.event_type} has no node form`);
  }
}

function movement(type: string, body: Record<string, unknown>): { type: string } & Record<string, unknown> {
  return { type, [type]: body };
}
