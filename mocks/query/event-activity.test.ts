import { describe, expect, it } from 'vitest';
import type { ChainEvent } from '../world/derive/events.ts';
import { EventKind } from '../world/tables/kinds.ts';
import { EventActivity } from './event-activity.ts';

function event(kind: EventKind, sender: number, recipient: number, unlockHeight = 0): ChainEvent {
  return { kind, sender, recipient, contract: -1, amount: 1, unlockHeight };
}

function feed(activity: EventActivity, events: ChainEvent[]): void {
  for (const e of events) activity.add(e.kind, e.sender, e.recipient, e.contract, e.amount, e.unlockHeight);
}

describe('EventActivity', () => {
  it('counts senders and recipients per asset class; logs and locks are no asset activity', () => {
    const a = new EventActivity(4);
    feed(a, [event(EventKind.StxTransfer, 1, 2), event(EventKind.Log, -1, -1)]);
    feed(a, [
      event(EventKind.StxMint, -1, 2),
      event(EventKind.FtTransfer, 3, 1),
      event(EventKind.NftBurn, 3, -1),
    ]);
    feed(a, [event(EventKind.StxLock, 1, -1, 900)]);
    const all = () => true;
    expect(a.mostActive('stx', all)).toBe(2);
    // 1 and 3 have one FT event each: the lower number wins.
    expect(a.mostActive('ft', all)).toBe(1);
    expect(a.mostActive('nft', all)).toBe(3);
    expect(a.mostActive('stx', (p) => p !== 2)).toBe(1);
    expect(a.mostActive('nft', (p) => p !== 3)).toBe(-1);
  });

  it('takes principals registered after it was built (a living chain)', () => {
    const a = new EventActivity(2);
    feed(a, [event(EventKind.StxTransfer, 1, 40), event(EventKind.StxTransfer, 7, 40)]);
    expect(a.mostActive('stx', () => true)).toBe(40);
  });

  it('names the last lock still active at a burn height', () => {
    const a = new EventActivity(3);
    feed(a, [event(EventKind.StxLock, 1, -1, 500)]);
    feed(a, [event(EventKind.StxLock, 2, -1, 300)]);
    expect(a.lastActiveLock(200)).toBe(2);
    expect(a.lastActiveLock(400)).toBe(1);
    expect(a.lastActiveLock(600)).toBe(-1);
  });
});
