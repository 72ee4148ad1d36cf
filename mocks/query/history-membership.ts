import type { Chain } from '../world/tables/chain.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import type { AssetClass } from '../world/tables/kinds.ts';

/** Whether `principal` has a part in mined transaction `tx` beyond paying its fee as the sponsor. */
function partBeyondSponsoring(
  chain: Chain,
  tx: number,
  principal: number,
  assets: readonly AssetClass[],
): boolean {
  let parts = 0;
  forEachInvolved(
    chain,
    tx,
    (p) => {
      if (p === principal) parts++;
    },
    assets,
  );
  return parts > (chain.txs.sponsor.at(tx) === principal ? 1 : 0);
}

/**
 * Whether the real service lists mined transaction `tx` in `principal`'s history (operation 6):
 * any part in it but paying the fee as its sponsor. A sponsor's fee still counts in its balance
 * (docs/real-service.md).
 */
export function listsInHistory(chain: Chain, tx: number, principal: number): boolean {
  return partBeyondSponsoring(chain, tx, principal, ['stx', 'ft', 'nft']);
}

/**
 * Whether the real service answers operation 8 for `principal` and mined transaction `tx`: it
 * looks only at the sender, a token transfer's recipient, the contract called or deployed and
 * the STX events, so a transaction that concerns the principal only through an FT or NFT event
 * is listed by operation 6 but is 404 here (docs/real-service.md).
 */
export function answersSingleTransaction(chain: Chain, tx: number, principal: number): boolean {
  return partBeyondSponsoring(chain, tx, principal, ['stx']);
}
