import { addAmounts, type Amount } from '../world/amount.ts';
import { feePayer, type Chain } from '../world/tables/chain.ts';
import { Action, Status } from '../world/tables/kinds.ts';

export interface MempoolDelta {
  inbound: Amount;
  outbound: Amount;
}

const NONE: MempoolDelta = { inbound: 0, outbound: 0 };

/**
 * What pending (not dropped) mempool transactions would do to each principal's STX: token
 * transfers in, token transfers and fees out. Those `replaced` by fee (by mempool row) are
 * dropped too, for a release that does replace-by-fee.
 */
export class MempoolDeltas {
  private readonly byPrincipal = new Map<number, MempoolDelta>();

  constructor(chain: Chain, replaced?: ReadonlyMap<number, string>) {
    const m = chain.mempool;
    for (let tx = 0; tx < m.count; tx++) {
      if (m.status[tx] !== Status.Pending || replaced?.has(tx)) continue;
      const payer = this.entry(feePayer(m, tx));
      payer.outbound = addAmounts(payer.outbound, m.fee.at(tx));
      if (m.action[tx] === Action.StxTransfer) {
        const sender = this.entry(m.sender[tx] as number);
        const recipient = this.entry(m.peer[tx] as number);
        sender.outbound = addAmounts(sender.outbound, m.amount.at(tx));
        recipient.inbound = addAmounts(recipient.inbound, m.amount.at(tx));
      }
    }
  }

  of(principal: number): MempoolDelta {
    return this.byPrincipal.get(principal) ?? NONE;
  }

  private entry(principal: number): MempoolDelta {
    let delta = this.byPrincipal.get(principal);
    if (!delta) this.byPrincipal.set(principal, (delta = { inbound: 0, outbound: 0 }));
    return delta;
  }
}
