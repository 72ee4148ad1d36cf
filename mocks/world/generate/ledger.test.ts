import { describe, expect, it } from 'vitest';
import type { ChainEvent } from '../derive/events.ts';
import { EventKind } from '../tables/kinds.ts';
import { Ledger } from './ledger.ts';
import { Rng } from '../rng.ts';

function event(kind: EventKind, fields: Partial<ChainEvent>): ChainEvent {
  return { kind, sender: -1, recipient: -1, contract: -1, amount: 0, unlockHeight: 0, ...fields };
}

function apply(ledger: Ledger, e: ChainEvent): void {
  ledger.applyEvent(e.kind, e.sender, e.recipient, e.contract, e.amount, e.unlockHeight);
}

/** The contract's live tokens in the order `nftAt` picks from, as [id, owner] pairs. */
function tokens(ledger: Ledger, contract: number): number[][] {
  let size = 0;
  ledger.nftAt(contract, { int: (n) => ((size = n), 0) });
  return Array.from({ length: size }, (_, i) => {
    const t = ledger.nftAt(contract, { int: () => i });
    return [t?.id ?? -1, t?.owner ?? -1];
  });
}

const PRINCIPALS = 12;
const CONTRACTS = 5;

/** Everything the ledger answers about the principals and contracts the random events touch. */
function state(ledger: Ledger): unknown {
  const principals = Array.from({ length: PRINCIPALS }, (_, p) => [
    ledger.stxOf(p),
    ledger.spendable(p, 50),
    ledger.isLocked(p, 50),
    ...Array.from({ length: CONTRACTS }, (__, c) => [ledger.ftOf(c, p), ledger.canSpendFt(c, p)]),
  ]);
  const contracts = Array.from({ length: CONTRACTS }, (_, c) => [
    ledger.nextNftId(c),
    tokens(ledger, c),
    Array.from({ length: 40 }, (__, id) => ledger.nftOwner(c, id)),
  ]);
  return { principals, contracts };
}

/** `count` random events the ledger can apply now, each applied as it is drawn. */
function randomEvents(ledger: Ledger, rng: Rng, count: number): void {
  for (let i = 0; i < count; i++) {
    const contract = rng.int(CONTRACTS);
    const p = rng.int(PRINCIPALS);
    const q = rng.int(PRINCIPALS);
    const token = ledger.nftAt(contract, rng);
    const x = rng.int(8);
    let e: ChainEvent;
    if (x === 0) e = event(EventKind.StxMint, { recipient: p, amount: rng.range(1, 1e12) });
    else if (x === 1)
      e = event(EventKind.StxTransfer, {
        sender: p,
        recipient: q,
        amount: Math.floor(Number(ledger.stxOf(p)) / 2),
      });
    else if (x === 2) e = event(EventKind.FtMint, { recipient: p, contract, amount: rng.range(1, 1e15) });
    else if (x === 3)
      e = event(EventKind.FtTransfer, {
        sender: p,
        recipient: q,
        contract,
        amount: ledger.ftOf(contract, p),
      });
    else if (x === 4)
      e = event(EventKind.StxLock, { sender: p, amount: ledger.stxOf(p), unlockHeight: rng.range(0, 99) });
    else if (x === 5 || !token)
      e = event(EventKind.NftMint, { recipient: p, contract, amount: ledger.nextNftId(contract) });
    else if (x === 6) e = event(EventKind.NftBurn, { sender: token.owner, contract, amount: token.id });
    else e = event(EventKind.NftTransfer, { sender: token.owner, recipient: q, contract, amount: token.id });
    apply(ledger, e);
  }
}

describe('Ledger', () => {
  it('says who can spend a token exactly when the balance is above one, for any principal and contract', () => {
    const ledger = new Ledger();
    const rng = new Rng(8);
    const principals = [0, 1, 31, 32, 1023, 1024, 5000];
    const contracts = [0, 7, 300, 2000];
    for (let i = 0; i < 400; i++) {
      const contract = rng.pick(contracts);
      const p = rng.pick(principals);
      const q = rng.pick(principals);
      const held = ledger.ftOf(contract, p);
      // Transfers of everything but 0, 1 or 2 units leave balances on both sides of the line.
      const e =
        held > 0 && rng.chance(0.6)
          ? event(EventKind.FtTransfer, {
              sender: p,
              recipient: q,
              contract,
              amount: Math.max(1, Number(held) - rng.int(3)),
            })
          : event(EventKind.FtMint, { recipient: p, contract, amount: rng.range(1, 3) });
      apply(ledger, e);
      for (const c of contracts)
        for (const r of principals) expect(ledger.canSpendFt(c, r)).toBe(ledger.ftOf(c, r) > 1);
    }
  });

  it('keeps the order of tokens a burn leaves: the last one takes the burned one’s place', () => {
    const ledger = new Ledger();
    for (let id = 1; id <= 5; id++)
      apply(ledger, event(EventKind.NftMint, { recipient: id, contract: 3, amount: id }));
    apply(ledger, event(EventKind.NftBurn, { sender: 2, contract: 3, amount: 2 }));
    expect(tokens(ledger, 3)).toEqual([
      [1, 1],
      [5, 5],
      [3, 3],
      [4, 4],
    ]);
    apply(ledger, event(EventKind.NftBurn, { sender: 4, contract: 3, amount: 4 }));
    expect(tokens(ledger, 3).map(([id]) => id)).toEqual([1, 5, 3]);
    expect(ledger.nftOwner(3, 4)).toBe(-1);
    expect(ledger.nextNftId(3)).toBe(6);
    expect(ledger.nextNftId(4)).toBe(1);
  });

  it('rewinds to a mark: every answer is as if the changes after it never happened', () => {
    const rng = new Rng(7);
    const kept = new Ledger();
    const rewound = new Ledger();
    randomEvents(kept, new Rng(1), 300);
    randomEvents(rewound, new Rng(1), 300);
    rewound.startJournal();
    for (let round = 0; round < 20; round++) {
      const mark = rewound.mark();
      randomEvents(rewound, rng, 200);
      expect(state(rewound)).not.toEqual(state(kept));
      rewound.rewind(mark);
      expect(state(rewound)).toEqual(state(kept));
      // What was rewound leaves no trace: the same changes give the same ledger again.
      const seed = rng.u32();
      randomEvents(rewound, new Rng(seed), 50);
      randomEvents(kept, new Rng(seed), 50);
      expect(state(rewound)).toEqual(state(kept));
    }
  });

  it('rewinds only as far back as the journal reaches', () => {
    const ledger = new Ledger();
    expect(() => ledger.rewind(0)).toThrow(RangeError);
    ledger.startJournal();
    ledger.credit(1, 10);
    ledger.credit(1, 10);
    ledger.forget(1);
    expect(() => ledger.rewind(0)).toThrow(RangeError);
    ledger.rewind(1);
    expect(ledger.stxOf(1)).toBe(10);
  });

  it('keeps STX, locks and FT balances exact to 2^128 - 1, and rewinds them exactly', () => {
    const max = 2n ** 128n - 1n;
    const ledger = new Ledger();
    ledger.startJournal();
    ledger.credit(1, max - 10n);
    const mark = ledger.mark();
    ledger.credit(1, 10);
    expect(ledger.stxOf(1)).toBe(max);
    apply(ledger, event(EventKind.StxLock, { sender: 1, amount: 2n ** 100n, unlockHeight: 90 }));
    expect(ledger.spendable(1, 50)).toBe(max - 2n ** 100n);
    expect(
      ledger.covers(
        [event(EventKind.StxTransfer, { sender: 1, recipient: 2, amount: max - 2n ** 100n })],
        1,
        0,
        50,
      ),
    ).toBe(true);
    expect(
      ledger.covers(
        [event(EventKind.StxTransfer, { sender: 1, recipient: 2, amount: max - 2n ** 100n })],
        1,
        1,
        50,
      ),
    ).toBe(false);
    apply(ledger, event(EventKind.FtMint, { recipient: 3, contract: 0, amount: max }));
    apply(ledger, event(EventKind.FtTransfer, { sender: 3, recipient: 4, contract: 0, amount: 2n ** 127n }));
    expect([ledger.ftOf(0, 3), ledger.ftOf(0, 4)]).toEqual([2n ** 127n - 1n, 2n ** 127n]);
    expect(ledger.canSpendFt(0, 3)).toBe(true);
    const moved = event(EventKind.FtTransfer, {
      sender: 3,
      recipient: 4,
      contract: 0,
      amount: 2n ** 127n - 1n,
    });
    expect(ledger.covers([moved], 5, 0, 50)).toBe(true);
    expect(ledger.covers([moved, moved], 5, 0, 50)).toBe(false);
    ledger.rewind(mark);
    expect([ledger.stxOf(1), ledger.spendable(1, 50), ledger.ftOf(0, 3), ledger.ftOf(0, 4)]).toEqual([
      max - 10n,
      max - 10n,
      0,
      0,
    ]);
  });

  it('adds up every principal’s STX as they change, past 2^53 - 1 too, and after a rewind', () => {
    const ledger = new Ledger();
    const sum = (): bigint =>
      Array.from({ length: 3000 }, (_, p) => BigInt(ledger.stxOf(p))).reduce((a, b) => a + b, 0n);
    ledger.credit(1, 500);
    ledger.credit(2_999, 2n ** 60n);
    ledger.startJournal();
    const mark = ledger.mark();
    apply(ledger, event(EventKind.StxTransfer, { sender: 2_999, recipient: 7, amount: 2n ** 59n }));
    ledger.debit(1, 200);
    apply(ledger, event(EventKind.StxBurn, { sender: 7, amount: 10 }));
    expect(BigInt(ledger.totalStx())).toBe(sum());
    expect(ledger.totalStx()).toBe(2n ** 60n + 290n);
    ledger.rewind(mark);
    expect(ledger.totalStx()).toBe(2n ** 60n + 500n);
    ledger.debit(2_999, 2n ** 60n);
    expect(ledger.totalStx()).toBe(500);
  });

  it('refuses changes no transaction could make', () => {
    const ledger = new Ledger();
    ledger.credit(1, 5);
    expect(() => ledger.debit(1, 6)).toThrow(/would go negative/);
    expect(() => apply(ledger, event(EventKind.FtBurn, { sender: 1, contract: 0, amount: 1 }))).toThrow(
      /FT balance of #1 would go negative/,
    );
    apply(ledger, event(EventKind.NftMint, { recipient: 1, contract: 0, amount: 1 }));
    expect(() =>
      apply(ledger, event(EventKind.NftTransfer, { sender: 2, recipient: 3, contract: 0, amount: 1 })),
    ).toThrow(/NFT 1 not owned by #2/);
    expect(() => apply(ledger, event(EventKind.NftBurn, { sender: 1, contract: 0, amount: 2 }))).toThrow(
      /NFT 2 not owned by #1/,
    );
  });
});
