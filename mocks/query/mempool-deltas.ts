import { feePayer, type Chain } from '../world/tables/chain.ts';
import { Action, Status } from '../world/tables/kinds.ts';

export interface MempoolDelta {
  inbound: number;
  outbound: number;
}

const NONE: MempoolDelta = { inbound: 0, outbound: 0 };

/**
 * What pending (not dropped) mempool transactions would do to each principal's STX: token
 * transfers in, token transfers and fees out.
 */
export class MempoolDeltas {
  private readonly byPrincipal = new Map<number, MempoolDelta>();

  constructor(chain: Chain) {
    const m = chain.mempool;
    for (let tx = 0; tx < m.count; tx++) {
      if (m.status[tx] !== Status.Pending) continue;
      this.entry(feePayer(m, tx)).outbound += m.fee.at(tx);
      if (m.action[tx] === Action.StxTransfer) {
        this.entry(m.sender[tx] as number).outbound += m.amount[tx] as number;
        this.entry(m.peer[tx] as number).inbound += m.amount[tx] as number;
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
