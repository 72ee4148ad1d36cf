import type { Chain } from '../world/tables/chain.ts';
import { Action, Status } from '../world/tables/kinds.ts';

/**
 * The principals a pending (not dropped) mempool transaction concerns as the real service
 * indexes its mempool: the sender, the sponsor and a token transfer's recipient.
 */
export function pendingParties(chain: Chain): ReadonlySet<number> {
  const m = chain.mempool;
  const parties = new Set<number>();
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending) continue;
    parties.add(m.sender[tx] as number);
    const sponsor = m.sponsor.at(tx);
    if (sponsor >= 0) parties.add(sponsor);
    if (m.action[tx] === Action.StxTransfer) parties.add(m.peer[tx] as number);
  }
  return parties;
}
