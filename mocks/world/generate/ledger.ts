import { addAmounts, subtractAmounts, type Amount } from '../amount.ts';
import type { ChainEvent, EventVisitor } from '../derive/events.ts';
import { AmountColumn } from '../tables/amount-column.ts';
import { EventKind } from '../tables/kinds.ts';
import { grow } from '../tables/grow.ts';
import { lockActive } from '../derive/pox.ts';
import { NftHoldings } from './nft-holdings.ts';
import { PairMap } from './pair-map.ts';
import { UndoJournal, type UndoRecord } from './undo-journal.ts';

/** What an undo record of the journal restores; its operands follow each name. */
const Undo = {
  /** principal, micro-STX before */
  Stx: 0,
  /** principal, locked before, unlock height before */
  Lock: 1,
  /** contract, principal, balance before */
  Ft: 2,
  /** contract, next id before */
  NftMint: 3,
  /** contract, index, owner before */
  NftMove: 4,
  /** contract, index, id, owner */
  NftBurn: 5,
} as const;

/** Principals below this (the generated accounts come first) have their `canSpendFt` bit kept. */
const FT_SPENDERS = 1024;
const SPENDER_WORDS = FT_SPENDERS / 32;

/**
 * Running balances while the chain is generated, so that every generated transaction is one the
 * real chain would accept: nobody spends more than they hold, locked STX stay put, tokens move
 * only from their holders. Everything is in typed arrays (a large world holds millions of
 * balances): no JS object, no boxed number per balance or per change. Balances are amounts
 * (`Amount`), exact to 2^128 − 1: the rare one past 2^53 − 1 is kept beside as a bigint.
 */
export class Ledger {
  /** Per principal: micro-STX, micro-STX locked, and the burn height they unlock at (-1: none). */
  private readonly stx = new AmountColumn(1024);
  private readonly locked = new AmountColumn(1024);
  private unlockAt = new Float64Array(1024).fill(-1);
  /** Every principal's micro-STX added up, kept as they change: a stack-stx draft compares to it. */
  private stxTotal: Amount = 0;
  /** FT balances; NaN marks one past 2^53 − 1, held in `ftExact` under `ftKey`. */
  private readonly ft = new PairMap(0);
  private readonly ftExact = new Map<string, bigint>();
  /** Per contract holding any of the first principals' balances: its row of bits in `spenders`, else -1. */
  private spenderRow = new Int32Array(256).fill(-1);
  /** SPENDER_WORDS words a row: bit p set when principal p holds more than one unit (see canSpendFt). */
  private spenders = new Uint32Array(64 * 32);
  private spenderRows = 0;
  private readonly nft = new NftHoldings();
  /** Kept from `startJournal` on. */
  private journal: UndoJournal | undefined;
  private readonly undo: UndoRecord = (kind, a, b, c, d) => this.undoRecord(kind, a, b, c, d);

  /** From now on every change can be undone back to a mark (a reorg goes back to a checkpoint). */
  startJournal(): void {
    this.journal ??= new UndoJournal();
  }

  /** The journal's position now: `rewind(mark)` undoes every change made after it. */
  mark(): number {
    return this.journal?.mark() ?? 0;
  }

  rewind(mark: number): void {
    if (!this.journal) throw new RangeError(`ledger journal does not reach back to ${mark}`);
    this.journal.rewind(mark, this.undo);
  }

  /** Drops the undo entries before `mark`: no checkpoint needs them any more. */
  forget(mark: number): void {
    this.journal?.forget(mark);
  }

  /**
   * Whether a fee and these events apply at `burnHeight`: nobody's STX or tokens go short (STX
   * locked then stay put), NFTs exist once.
   */
  covers(events: readonly ChainEvent[], payer: number, fee: Amount, burnHeight: number): boolean {
    const stxOut = new Map<number, Amount>([[payer, fee]]);
    const ftOut = new Map<string, Amount>();
    for (const e of events) {
      if (e.kind === EventKind.StxTransfer || e.kind === EventKind.StxBurn)
        stxOut.set(e.sender, addAmounts(stxOut.get(e.sender) ?? 0, e.amount));
      else if (e.kind === EventKind.FtTransfer || e.kind === EventKind.FtBurn) {
        const key = ftKey(e.contract, e.sender);
        const out = addAmounts(ftOut.get(key) ?? 0, e.amount);
        if (out > this.ftOf(e.contract, e.sender)) return false;
        ftOut.set(key, out);
      } else if (e.kind === EventKind.NftTransfer || e.kind === EventKind.NftBurn) {
        if (this.nftOwner(e.contract, Number(e.amount)) !== e.sender) return false;
      } else if (e.kind === EventKind.NftMint) {
        // A pending mint drafted earlier may name an id a block has minted since.
        if (this.nftOwner(e.contract, Number(e.amount)) >= 0) return false;
      }
    }
    for (const [principal, out] of stxOut) if (out > this.spendable(principal, burnHeight)) return false;
    return true;
  }

  /** Every principal's micro-STX, locked included: the liquid supply as generated so far. */
  totalStx(): Amount {
    return this.stxTotal;
  }

  stxOf(principal: number): Amount {
    return principal < this.stx.length ? this.stx.at(principal) : 0;
  }

  /** STX a principal may move at `burnHeight`: its balance less what is locked. */
  spendable(principal: number, burnHeight: number): Amount {
    const unlock = this.unlockAt[principal] ?? -1;
    if (!(unlock >= 0 && lockActive(unlock, burnHeight))) return this.stxOf(principal);
    return subtractAmounts(this.stxOf(principal), this.locked.at(principal));
  }

  isLocked(principal: number, burnHeight: number): boolean {
    const unlock = this.unlockAt[principal] ?? -1;
    return unlock >= 0 && lockActive(unlock, burnHeight);
  }

  credit(principal: number, amount: Amount): void {
    this.keepStx(principal);
    this.setStx(principal, addAmounts(this.stxOf(principal), amount));
  }

  debit(principal: number, amount: Amount): void {
    const left = subtractAmounts(this.stxOf(principal), amount);
    if (left < 0) throw new Error(`generation bug: principal #${principal} would go negative`);
    this.keepStx(principal);
    this.setStx(principal, left);
  }

  ftOf(contract: number, principal: number): Amount {
    const balance = this.ft.get(contract, principal);
    return balance === balance ? balance : (this.ftExact.get(ftKey(contract, principal)) as bigint);
  }

  /**
   * Whether the principal holds more than one unit of the token: enough to send some and keep
   * some. Drafting asks this of a dozen random accounts for every token transfer; for the first
   * principals (the accounts) a bit per contract answers it from a table that stays in the CPU's
   * caches, where the balance table (tens of MB at 10M transactions) would miss them every time.
   */
  canSpendFt(contract: number, principal: number): boolean {
    if (principal >= FT_SPENDERS) return this.ftOf(contract, principal) > 1;
    const row = contract < this.spenderRow.length ? (this.spenderRow[contract] as number) : -1;
    if (row < 0) return false;
    return (
      (((this.spenders[row * SPENDER_WORDS + (principal >>> 5)] as number) >>> (principal & 31)) & 1) === 1
    );
  }

  /** The id the next mint of an NFT contract gets. */
  nextNftId(contract: number): number {
    return this.nft.nextId(contract);
  }

  /** A random live token of the contract, with its owner; undefined when none exists. */
  nftAt(contract: number, rng: { int(n: number): number }): { id: number; owner: number } | undefined {
    const n = this.nft.size(contract);
    if (n === 0) return undefined;
    const i = rng.int(n);
    return { id: this.nft.idAt(contract, i), owner: this.nft.ownerAt(contract, i) };
  }

  /** The owner of an NFT, or -1 when it does not exist. */
  nftOwner(contract: number, id: number): number {
    const i = this.nft.indexOf(contract, id);
    return i < 0 ? -1 : this.nft.ownerAt(contract, i);
  }

  /** One event's effect; a visitor for `forEachEvent`, so generation makes no object per event. */
  readonly applyEvent: EventVisitor = (kind, sender, recipient, contract, amount, unlockHeight) => {
    switch (kind) {
      case EventKind.StxTransfer:
        this.debit(sender, amount);
        this.credit(recipient, amount);
        break;
      case EventKind.StxMint:
        this.credit(recipient, amount);
        break;
      case EventKind.StxBurn:
        this.debit(sender, amount);
        break;
      case EventKind.FtTransfer:
        this.moveFt(contract, sender, amount, false);
        this.moveFt(contract, recipient, amount, true);
        break;
      case EventKind.FtMint:
        this.moveFt(contract, recipient, amount, true);
        break;
      case EventKind.FtBurn:
        this.moveFt(contract, sender, amount, false);
        break;
      case EventKind.NftMint:
        this.mintNft(contract, Number(amount), recipient);
        break;
      case EventKind.NftTransfer:
        this.moveNft(contract, Number(amount), sender, recipient);
        break;
      case EventKind.NftBurn:
        this.burnNft(contract, Number(amount), sender);
        break;
      case EventKind.StxLock:
        this.keepLock(sender);
        this.locked.set(sender, amount);
        this.unlockAt[sender] = unlockHeight;
        break;
      default:
        break;
    }
  };

  private moveFt(contract: number, principal: number, amount: Amount, received: boolean): void {
    const old = this.ftOf(contract, principal);
    const next = received ? addAmounts(old, amount) : subtractAmounts(old, amount);
    if (next < 0) throw new Error(`generation bug: FT balance of #${principal} would go negative`);
    this.journal?.push(Undo.Ft, contract, principal, old);
    this.setFt(contract, principal, next);
  }

  private setFt(contract: number, principal: number, balance: Amount): void {
    if (typeof balance === 'bigint') this.ftExact.set(ftKey(contract, principal), balance);
    else if (this.ftExact.size > 0) this.ftExact.delete(ftKey(contract, principal));
    this.ft.set(contract, principal, typeof balance === 'number' ? balance : NaN);
    if (principal >= FT_SPENDERS) return;
    const word = this.spenderRowOf(contract) * SPENDER_WORDS + (principal >>> 5);
    const bit = 1 << (principal & 31);
    const words = this.spenders;
    words[word] = balance > 1 ? (words[word] as number) | bit : (words[word] as number) & ~bit;
  }

  private spenderRowOf(contract: number): number {
    if (contract >= this.spenderRow.length) {
      const had = this.spenderRow.length;
      this.spenderRow = grow(this.spenderRow, Math.max(contract + 1, had * 2), Int32Array);
      this.spenderRow.fill(-1, had);
    }
    let row = this.spenderRow[contract] as number;
    if (row < 0) {
      row = this.spenderRows++;
      this.spenderRow[contract] = row;
      if (this.spenderRows * SPENDER_WORDS > this.spenders.length)
        this.spenders = grow(this.spenders, this.spenders.length * 2, Uint32Array);
    }
    return row;
  }

  private mintNft(contract: number, id: number, owner: number): void {
    this.journal?.push(Undo.NftMint, contract, this.nft.nextId(contract));
    this.nft.mint(contract, id, owner);
  }

  private moveNft(contract: number, id: number, from: number, to: number): void {
    const i = this.ownedIndex(contract, id, from);
    this.journal?.push(Undo.NftMove, contract, i, from);
    this.nft.setOwner(contract, i, to);
  }

  private burnNft(contract: number, id: number, from: number): void {
    const i = this.ownedIndex(contract, id, from);
    this.journal?.push(Undo.NftBurn, contract, i, id, from);
    this.nft.burn(contract, i, id);
  }

  /** The index of token `id` in its contract's list, which must be `from`'s. */
  private ownedIndex(contract: number, id: number, from: number): number {
    const i = this.nft.indexOf(contract, id);
    if (i < 0 || this.nft.ownerAt(contract, i) !== from)
      throw new Error(`generation bug: NFT ${id} not owned by #${from}`);
    return i;
  }

  /** The principal's micro-STX are `balance` now; the total follows (exactly: amounts add exactly). */
  private setStx(principal: number, balance: Amount): void {
    this.stxTotal = addAmounts(subtractAmounts(this.stxTotal, this.stxOf(principal)), balance);
    this.stx.set(principal, balance);
  }

  /** Records the principal's balance before a change (making room for the principal first). */
  private keepStx(principal: number): void {
    this.reach(principal);
    this.journal?.push(Undo.Stx, principal, this.stxOf(principal));
  }

  private keepLock(principal: number): void {
    this.reach(principal);
    this.journal?.push(Undo.Lock, principal, this.locked.at(principal), this.unlockAt[principal] as number);
  }

  /** Room in the per-principal columns up to `principal`. */
  private reach(principal: number): void {
    if (principal < this.stx.length) {
      if (principal < 0) throw new RangeError(`no principal #${principal}`);
      return;
    }
    const from = this.stx.length;
    const n = Math.max(principal + 1, from * 2);
    this.stx.resize(n);
    this.locked.resize(n);
    this.unlockAt = grow(this.unlockAt, n, Float64Array).fill(-1, from);
  }

  private undoRecord(kind: number, a: number, b: Amount, c: Amount, d: number): void {
    switch (kind) {
      case Undo.Stx:
        this.setStx(a, b);
        break;
      case Undo.Lock:
        this.locked.set(a, b);
        this.unlockAt[a] = Number(c);
        break;
      case Undo.Ft:
        this.setFt(a, Number(b), c);
        break;
      case Undo.NftMint:
        this.nft.unmint(a, Number(b));
        break;
      case Undo.NftMove:
        this.nft.setOwner(a, Number(b), Number(c));
        break;
      case Undo.NftBurn:
        this.nft.unburn(a, Number(b), Number(c), d);
        break;
      default:
        throw new Error(`unknown ledger undo record ${kind}`);
    }
  }
}

/** The key of a (contract, principal) balance among those held exactly. */
function ftKey(contract: number, principal: number): string {
  return `${contract}:${principal}`;
}
