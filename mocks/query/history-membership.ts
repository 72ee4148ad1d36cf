import type { Chain } from '../world/tables/chain.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';

/**
 * Whether the real service lists mined transaction `tx` in `principal`'s history (operations 6 and
 * 8): any part in it but paying the fee as its sponsor. A sponsor's fee still counts in its
 * balance (docs/real-service.md).
 */
export function listsInHistory(chain: Chain, tx: number, principal: number): boolean {
  let parts = 0;
  forEachInvolved(chain, tx, (p) => {
    if (p === principal) parts++;
  });
  return parts > (chain.txs.sponsor.at(tx) === principal ? 1 : 0);
}
