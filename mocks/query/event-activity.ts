import type { EventVisitor } from '../world/derive/events.ts';
import { lockActive } from '../world/derive/pox.ts';
import { assetMovement, EventKind, type AssetClass } from '../world/tables/kinds.ts';

/**
 * Per principal, how many STX, FT and NFT events it took part in (as sender or recipient), and
 * every STX lock in chain order: what the catalogue needs to name the most active addresses and
 * a locked one. Fed by the address index's pass over the events, so the catalogue need not walk
 * every transaction's events again, and a mined block costs its own events only.
 */
export class EventActivity {
  private counts: Record<AssetClass, Int32Array>;
  private readonly lockSenders: number[] = [];
  private readonly lockUnlocks: number[] = [];

  constructor(principals: number) {
    this.counts = {
      stx: new Int32Array(principals),
      ft: new Int32Array(principals),
      nft: new Int32Array(principals),
    };
  }

  /** Takes in one event; a visitor for `forEachEvent`. */
  readonly add: EventVisitor = (kind, sender, recipient, _contract, _amount, unlockHeight) => {
    const movement = assetMovement(kind);
    if (movement) {
      if (sender >= 0) this.count(movement.asset, sender);
      if (recipient >= 0) this.count(movement.asset, recipient);
    } else if (kind === EventKind.StxLock) {
      this.lockSenders.push(sender);
      this.lockUnlocks.push(unlockHeight);
    }
  };

  /** The eligible principal with the most events of the class, the lowest-numbered among equals; -1 if none. */
  mostActive(asset: AssetClass, eligible: (p: number) => boolean): number {
    const counts = this.counts[asset];
    let best = -1;
    let bestCount = 0;
    for (let p = 0; p < counts.length; p++) {
      const count = counts[p] as number;
      if (count > bestCount && eligible(p)) {
        best = p;
        bestCount = count;
      }
    }
    return best;
  }

  /** The sender of the last lock still active at `burnHeight`, or -1. */
  lastActiveLock(burnHeight: number): number {
    for (let i = this.lockSenders.length - 1; i >= 0; i--)
      if (lockActive(this.lockUnlocks[i] as number, burnHeight)) return this.lockSenders[i] as number;
    return -1;
  }

  private count(asset: AssetClass, principal: number): void {
    let counts = this.counts[asset];
    // A living chain registers principals as it goes (deployments, submitted addresses).
    if (principal >= counts.length) {
      const grown = new Int32Array(Math.max(principal + 1, counts.length * 2));
      grown.set(counts);
      this.counts = { ...this.counts, [asset]: (counts = grown) };
    }
    counts[principal] = (counts[principal] as number) + 1;
  }
}
