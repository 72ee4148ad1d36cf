import { addAmounts, type Amount } from '../amount.ts';
import { feePayer, type Chain } from '../tables/chain.ts';
import { Action, assetMovement, type AssetClass, type AssetEventType } from '../tables/kinds.ts';
import { eventsOf, type ChainEvent } from './events.ts';

export interface AssetChange {
  sent: Amount;
  received: Amount;
}

/** A principal's change in one token, by the token's contract (an NFT change counts instances). */
export interface TokenChange extends AssetChange {
  readonly asset: 'ft' | 'nft';
  readonly contract: number;
}

export type MovementCounts = Record<AssetClass, Record<AssetEventType, number>>;

/**
 * What one mined transaction did to one principal's balances, per asset, the way the real
 * service's v2/v3 address tables (release 9) count it: the fee is sent by whoever paid it (the
 * sponsor of a sponsored transaction), always as an STX change (of 0 for a free one); STX, FT
 * and NFT events count for their sender and recipient, an NFT as one instance.
 */
export interface TxBalanceChanges {
  /** Undefined when the transaction moved none of the principal's STX and it paid no fee. */
  readonly stx: AssetChange | undefined;
  /** In the order the events first touched each token. */
  readonly tokens: readonly TokenChange[];
  /** Which balances the transaction touched (a token transfer's recipient counts for STX even when it failed). */
  readonly affected: Readonly<Record<AssetClass, boolean>>;
  /** The principal's transfer, mint and burn events per asset class (an event to itself counts twice). */
  readonly counts: MovementCounts;
}

export function balanceChangesOf(
  chain: Chain,
  tx: number,
  principal: number,
  events: readonly ChainEvent[] = eventsOf(chain, tx),
): TxBalanceChanges {
  const t = chain.txs;
  const affected = { stx: false, ft: false, nft: false };
  const counts: MovementCounts = {
    stx: { transfer: 0, mint: 0, burn: 0 },
    ft: { transfer: 0, mint: 0, burn: 0 },
    nft: { transfer: 0, mint: 0, burn: 0 },
  };
  let stx: AssetChange | undefined;
  if (feePayer(t, tx) === principal) {
    stx = { sent: t.fee.at(tx), received: 0 };
    affected.stx = true;
  }
  if (t.action[tx] === Action.StxTransfer && t.peer[tx] === principal) affected.stx = true;
  const tokens = new Map<string, TokenChange>();
  for (const event of events) {
    const movement = assetMovement(event.kind);
    if (!movement) continue;
    const sent = event.sender === principal;
    const received = event.recipient === principal;
    if (!sent && !received) continue;
    affected[movement.asset] = true;
    counts[movement.asset][movement.type] += (sent ? 1 : 0) + (received ? 1 : 0);
    const moved = movement.asset === 'nft' ? 1 : event.amount;
    let change: AssetChange;
    if (movement.asset === 'stx') change = stx ??= { sent: 0, received: 0 };
    else {
      const key = `${movement.asset}:${event.contract}`;
      let token = tokens.get(key);
      if (!token)
        tokens.set(key, (token = { asset: movement.asset, contract: event.contract, sent: 0, received: 0 }));
      change = token;
    }
    if (sent) change.sent = addAmounts(change.sent, moved);
    if (received) change.received = addAmounts(change.received, moved);
  }
  return { stx, tokens: [...tokens.values()], affected, counts };
}
