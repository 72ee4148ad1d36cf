import type { ChainEvent, EventVisitor } from '../derive/events.ts';
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
 * balances): no JS object, no boxed number per balance or per change.
 */
export class Ledger {
  /** Per principal: micro-STX, micro-STX locked, and the burn height they unlock at (-1: none). */
  private stx = new Float64Array(1024);
  private locked = new Float64Array(1024);
  private unlockAt = new Float64Array(1024).fill(-1);
  private readonly ft = new PairMap(0);
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
  covers(events: readonly ChainEvent[], payer: number, fee: number, burnHeight: number): boolean {
    const stxOut = new Map<number, number>([[payer, fee]]);
    const ftOut = new Map<string, number>();
    for (const e of events) {
      if (e.kind === EventKind.StxTransfer || e.kind === EventKind.StxBurn)
        stxOut.set(e.sender, (stxOut.get(e.sender) ?? 0) + e.amount);
      else if (e.kind === EventKind.FtTransfer || e.kind === EventKind.FtBurn) {
        const key = `${e.contract}:${e.sender}`;
        const out = (ftOut.get(key) ?? 0) + e.amount;
        if (out > this.ftOf(e.contract, e.sender)) return false;
        ftOut.set(key, out);
      } else if (e.kind === EventKind.NftTransfer || e.kind === EventKind.NftBurn) {
        if (this.nftOwner(e.contract, e.amount) !== e.sender) return false;
      } else if (e.kind === EventKind.NftMint) {
        // A pending mint drafted earlier may name an id a block has minted since.
        if (this.nftOwner(e.contract, e.amount) >= 0) return false;
      }
    }
    for (const [principal, out] of stxOut) if (out > this.spendable(principal, burnHeight)) return false;
    return true;
  }

  stxOf(principal: number): number {
    return this.stx[principal] ?? 0;
  }

  /** STX a principal may move at `burnHeight`: its balance less what is locked. */
  spendable(principal: number, burnHeight: number): number {
    const unlock = this.unlockAt[principal] ?? -1;
    const locked = unlock >= 0 && lockActive(unlock, burnHeight) ? (this.locked[principal] ?? 0) : 0;
    return this.stxOf(principal) - locked;
  }

  isLocked(principal: number, burnHeight: number): boolean {
    const unlock = this.unlockAt[principal] ?? -1;
    return unlock >= 0 && lockActive(unlock, burnHeight);
  }

  credit(principal: number, amount: number): void {
    this.keepStx(principal);
    this.stx[principal] = this.stxOf(principal) + amount;
  }

  debit(principal: number, amount: number): void {
    const left = this.stxOf(principal) - amount;
    if (left < 0) throw new Error(`generation bug: principal #${principal} would go negative`);
    this.keepStx(principal);
    this.stx[principal] = left;
  }

  ftOf(contract: number, principal: number): number {
    return this.ft.get(contract, principal);
  }

  /**
   * Whether the principal holds more than one unit of the token: enough to send some and keep
   * some. Drafting asks this of a dozen random accounts for every token transfer; for the first
   * principals (the accounts) a bit per contract answers it from a table that stays in the CPU's
   * caches, where the balance table (tens of MB at 10M transactions) would miss them every time.
   */
  canSpendFt(contract: number, principal: number): boolean {
    if (principal >= FT_SPENDERS) return this.ft.get(contract, principal) > 1;
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
        this.moveFt(contract, sender, -amount);
        this.moveFt(contract, recipient, amount);
        break;
      case EventKind.FtMint:
        this.moveFt(contract, recipient, amount);
        break;
      case EventKind.FtBurn:
        this.moveFt(contract, sender, -amount);
        break;
      case EventKind.NftMint:
        this.mintNft(contract, amount, recipient);
        break;
      case EventKind.NftTransfer:
        this.moveNft(contract, amount, sender, recipient);
        break;
      case EventKind.NftBurn:
        this.burnNft(contract, amount, sender);
        break;
      case EventKind.StxLock:
        this.keepLock(sender);
        this.locked[sender] = amount;
        this.unlockAt[sender] = unlockHeight;
        break;
      default:
        break;
    }
  };

  private moveFt(contract: number, principal: number, delta: number): void {
    const old = this.ft.get(contract, principal);
    const next = old + delta;
    if (next < 0) throw new Error(`generation bug: FT balance of #${principal} would go negative`);
    this.journal?.push(Undo.Ft, contract, principal, old);
    this.setFt(contract, principal, next);
  }

  private setFt(contract: number, principal: number, balance: number): void {
    this.ft.set(contract, principal, balance);
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

  /** Records the principal's balance before a change (making room for the principal first). */
  private keepStx(principal: number): void {
    this.reach(principal);
    this.journal?.push(Undo.Stx, principal, this.stxOf(principal));
  }

  private keepLock(principal: number): void {
    this.reach(principal);
    this.journal?.push(
      Undo.Lock,
      principal,
      this.locked[principal] as number,
      this.unlockAt[principal] as number,
    );
  }

  /** Room in the per-principal columns up to `principal`. */
  private reach(principal: number): void {
    if (principal < this.stx.length) {
      if (principal < 0) throw new RangeError(`no principal #${principal}`);
      return;
    }
    const from = this.stx.length;
    const n = Math.max(principal + 1, from * 2);
    this.stx = grow(this.stx, n, Float64Array);
    this.locked = grow(this.locked, n, Float64Array);
    this.unlockAt = grow(this.unlockAt, n, Float64Array).fill(-1, from);
  }

  private undoRecord(kind: number, a: number, b: number, c: number, d: number): void {
    switch (kind) {
      case Undo.Stx:
        this.stx[a] = b;
        break;
      case Undo.Lock:
        this.locked[a] = b;
        this.unlockAt[a] = c;
        break;
      case Undo.Ft:
        this.setFt(a, b, c);
        break;
      case Undo.NftMint:
        this.nft.unmint(a, b);
        break;
      case Undo.NftMove:
        this.nft.setOwner(a, b, c);
        break;
      case Undo.NftBurn:
        this.nft.unburn(a, b, c, d);
        break;
      default:
        throw new Error(`unknown ledger undo record ${kind}`);
    }
  }
}
