import { addAmounts, type Amount } from '../amount.ts';
import type { Chain } from '../tables/chain.ts';
import { eventsOf, type ChainEvent } from './events.ts';
import { assetMovement, EventKind } from '../tables/kinds.ts';

export interface Transfer {
  readonly eventIndex: number;
  readonly event: ChainEvent;
}

export interface PrincipalTransfers {
  /** STX it sent or burned, plus the fee when it sent the transaction (a sponsor may have paid it). */
  readonly stxSent: Amount;
  readonly stxReceived: Amount;
  /** Its STX, FT and NFT events (as sender or recipient), ascending by event index. */
  readonly transfers: readonly Transfer[];
}

export function transfersOf(
  chain: Chain,
  tx: number,
  principal: number,
  events: readonly ChainEvent[] = eventsOf(chain, tx),
): PrincipalTransfers {
  // The real service counts the fee in its sender's stx_sent even when a sponsor paid it (docs/real-service.md).
  let stxSent: Amount = chain.txs.sender[tx] === principal ? chain.txs.fee.at(tx) : 0;
  let stxReceived: Amount = 0;
  const transfers: Transfer[] = [];
  events.forEach((event, eventIndex) => {
    if (!assetMovement(event.kind)) return;
    if (event.sender !== principal && event.recipient !== principal) return;
    transfers.push({ eventIndex, event });
    if (event.kind > EventKind.StxBurn) return;
    if (event.sender === principal) stxSent = addAmounts(stxSent, event.amount);
    if (event.recipient === principal) stxReceived = addAmounts(stxReceived, event.amount);
  });
  return { stxSent, stxReceived, transfers };
}
