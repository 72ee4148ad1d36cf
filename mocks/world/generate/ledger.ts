import type { ChainEvent } from '../derive/events.ts';
import { EventKind } from '../tables/kinds.ts';
import { lockActive } from '../derive/pox.ts';

type Undo = () => void;

interface NftHoldings {
  nextId: number;
  ids: number[];
  owners: number[];
  position: Map<number, number>;
}

/**
 * Running balances while the chain is generated, so that every generated transaction is one the
 * real chain would accept: nobody spends more than they hold, locked STX stay put, tokens move
 * only from their holders.
 */
export class Ledger {
  private readonly stx: number[] = [];
  private readonly locked: number[] = [];
  private readonly unlockAt: number[] = [];
  private readonly ft = new Map<number, Map<number, number>>();
  private readonly nft = new Map<number, NftHoldings>();
  /** Undo steps, newest last, while a journal is kept; `journalBase` counts those forgotten. */
  private journal: Undo[] | undefined;
  private journalBase = 0;

  /** From now on every change can be undone back to a mark (a reorg goes back to a checkpoint). */
  startJournal(): void {
    this.journal ??= [];
  }

  /** The journal's position now: `rewind(mark)` undoes every change made after it. */
  mark(): number {
    return this.journalBase + (this.journal?.length ?? 0);
  }

  rewind(mark: number): void {
    const journal = this.journal;
    if (!journal || mark < this.journalBase)
      throw new RangeError(`ledger journal does not reach back to ${mark}`);
    while (this.journalBase + journal.length > mark) (journal.pop() as Undo)();
  }

  /** Drops the undo entries before `mark`: no checkpoint needs them any more. */
  forget(mark: number): void {
    const journal = this.journal;
    const drop = mark - this.journalBase;
    if (!journal || drop <= 0) return;
    journal.splice(0, drop);
    this.journalBase = mark;
  }

  /** Whether a fee and these events apply now: nobody's STX or tokens go short, NFTs exist once. */
  covers(events: readonly ChainEvent[], payer: number, fee: number): boolean {
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
    for (const [principal, out] of stxOut) if (out > this.stxOf(principal)) return false;
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
    return this.ft.get(contract)?.get(principal) ?? 0;
  }

  /** The id the next mint of an NFT contract gets. */
  nextNftId(contract: number): number {
    return this.nftHoldings(contract).nextId;
  }

  /** A random live token of the contract, with its owner; undefined when none exists. */
  nftAt(contract: number, rng: { int(n: number): number }): { id: number; owner: number } | undefined {
    const h = this.nftHoldings(contract);
    if (h.ids.length === 0) return undefined;
    const i = rng.int(h.ids.length);
    return { id: h.ids[i] as number, owner: h.owners[i] as number };
  }

  /** The owner of an NFT, or -1 when it does not exist. */
  nftOwner(contract: number, id: number): number {
    const h = this.nftHoldings(contract);
    const i = h.position.get(id);
    return i === undefined ? -1 : (h.owners[i] as number);
  }

  apply(events: readonly ChainEvent[]): void {
    for (const e of events) {
      switch (e.kind) {
        case EventKind.StxTransfer:
          this.debit(e.sender, e.amount);
          this.credit(e.recipient, e.amount);
          break;
        case EventKind.StxMint:
          this.credit(e.recipient, e.amount);
          break;
        case EventKind.StxBurn:
          this.debit(e.sender, e.amount);
          break;
        case EventKind.FtTransfer:
          this.moveFt(e.contract, e.sender, -e.amount);
          this.moveFt(e.contract, e.recipient, e.amount);
          break;
        case EventKind.FtMint:
          this.moveFt(e.contract, e.recipient, e.amount);
          break;
        case EventKind.FtBurn:
          this.moveFt(e.contract, e.sender, -e.amount);
          break;
        case EventKind.NftMint:
          this.mintNft(e.contract, e.amount, e.recipient);
          break;
        case EventKind.NftTransfer:
          this.moveNft(e.contract, e.amount, e.sender, e.recipient);
          break;
        case EventKind.NftBurn:
          this.burnNft(e.contract, e.amount, e.sender);
          break;
        case EventKind.StxLock:
          this.keepLock(e.sender);
          this.locked[e.sender] = e.amount;
          this.unlockAt[e.sender] = e.unlockHeight;
          break;
        default:
          break;
      }
    }
  }

  private moveFt(contract: number, principal: number, delta: number): void {
    let balances = this.ft.get(contract);
    if (!balances) this.ft.set(contract, (balances = new Map()));
    const next = (balances.get(principal) ?? 0) + delta;
    if (next < 0) throw new Error(`generation bug: FT balance of #${principal} would go negative`);
    if (this.journal) {
      const map = balances;
      const old = map.get(principal);
      this.journal.push(() => (old === undefined ? map.delete(principal) : map.set(principal, old)));
    }
    balances.set(principal, next);
  }

  private nftHoldings(contract: number): NftHoldings {
    let h = this.nft.get(contract);
    if (!h) this.nft.set(contract, (h = { nextId: 1, ids: [], owners: [], position: new Map() }));
    return h;
  }

  private mintNft(contract: number, id: number, owner: number): void {
    const h = this.nftHoldings(contract);
    const nextId = h.nextId;
    this.journal?.push(() => {
      h.ids.pop();
      h.owners.pop();
      h.position.delete(id);
      h.nextId = nextId;
    });
    h.position.set(id, h.ids.length);
    h.ids.push(id);
    h.owners.push(owner);
    h.nextId = Math.max(h.nextId, id + 1);
  }

  private moveNft(contract: number, id: number, from: number, to: number): void {
    const h = this.nftHoldings(contract);
    const i = h.position.get(id);
    if (i === undefined || h.owners[i] !== from)
      throw new Error(`generation bug: NFT ${id} not owned by #${from}`);
    this.journal?.push(() => {
      h.owners[i] = from;
    });
    h.owners[i] = to;
  }

  private burnNft(contract: number, id: number, from: number): void {
    const h = this.nftHoldings(contract);
    const i = h.position.get(id);
    if (i === undefined || h.owners[i] !== from)
      throw new Error(`generation bug: NFT ${id} not owned by #${from}`);
    const last = h.ids.length - 1;
    const lastId = h.ids[last] as number;
    const lastOwner = h.owners[last] as number;
    this.journal?.push(() => {
      h.ids.push(lastId);
      h.owners.push(lastOwner);
      h.position.set(lastId, last);
      h.ids[i] = id;
      h.owners[i] = from;
      h.position.set(id, i);
    });
    h.ids[i] = lastId;
    h.owners[i] = lastOwner;
    h.position.set(lastId, i);
    h.ids.pop();
    h.owners.pop();
    h.position.delete(id);
  }

  private keepStx(principal: number): void {
    if (!this.journal) return;
    const old = this.stx[principal];
    this.journal.push(() => {
      if (old === undefined) delete this.stx[principal];
      else this.stx[principal] = old;
    });
  }

  private keepLock(principal: number): void {
    if (!this.journal) return;
    const locked = this.locked[principal];
    const unlockAt = this.unlockAt[principal];
    this.journal.push(() => {
      if (locked === undefined) delete this.locked[principal];
      else this.locked[principal] = locked;
      if (unlockAt === undefined) delete this.unlockAt[principal];
      else this.unlockAt[principal] = unlockAt;
    });
  }
}
