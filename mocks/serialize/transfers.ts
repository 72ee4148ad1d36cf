import type { Chain } from '../world/tables/chain.ts';
import { contractAt } from '../world/tables/chain.ts';
import { nftValueOf } from '../world/derive/nft-values.ts';
import { assetMovement } from '../world/tables/kinds.ts';
import type { PrincipalTransfers } from '../world/derive/transfers.ts';
import { partiesOf } from './events.ts';
import { confirmedTx } from './transaction.ts';
import type { SingleTxWithTransfers, TxWithTransfers } from './types.ts';

/** A transaction with the principal's transfers in it, latest event first. */
export function txWithTransfers(chain: Chain, tx: number, facts: PrincipalTransfers): TxWithTransfers {
  const result: TxWithTransfers = {
    tx: confirmedTx(chain, tx, 'none'),
    stx_sent: String(facts.stxSent),
    stx_received: String(facts.stxReceived),
    stx_transfers: [],
    ft_transfers: [],
    nft_transfers: [],
  };
  for (let i = facts.transfers.length - 1; i >= 0; i--) {
    const { event } = facts.transfers[i] as PrincipalTransfers['transfers'][number];
    const movement = assetMovement(event.kind);
    // The transfer arrays say a mint's sender and a burn's recipient as "" (operation 5 omits them).
    const { sender = '', recipient = '' } = partiesOf(chain, event);
    const parties = { sender, recipient };
    if (movement?.asset === 'stx') {
      result.stx_transfers.push({ amount: String(event.amount), ...parties });
    } else if (movement?.asset === 'ft') {
      result.ft_transfers.push({
        asset_identifier: contractAt(chain, event.contract).assetId,
        amount: String(event.amount),
        ...parties,
      });
    } else {
      result.nft_transfers.push({
        asset_identifier: contractAt(chain, event.contract).assetId,
        value: nftValueOf(chain, event.contract, event.amount),
        ...parties,
      });
    }
  }
  return result;
}

/**
 * Operation 8's answer: as in a history, without `ft_transfers` and `nft_transfers`. The real
 * service leaves both out here (the spec does not require them); an app reading them from this
 * operation would find nothing in production (docs/real-service.md).
 */
export function singleTxWithTransfers(
  chain: Chain,
  tx: number,
  facts: PrincipalTransfers,
): SingleTxWithTransfers {
  const { ft_transfers: _ft, nft_transfers: _nft, ...rest } = txWithTransfers(chain, tx, facts);
  return rest;
}
