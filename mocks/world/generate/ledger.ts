import type { ChainEvent } from '../derive/events.ts';
import { EventKind } from '../tables/kinds.ts';
import { lockActive } from '../derive/pox.ts';

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

  /** An independent copy: the state to go back to when a reorg drops the blocks after it. */
  clone(): Ledger {
    const copy = new Ledger();
    for (let p = 0; p < this.stx.length; p++) copy.stx[p] = this.stxOf(p);
    for (let p = 0; p < this.locked.length; p++) copy.locked[p] = this.locked[p] ?? 0;
    for (let p = 0; p < this.unlockAt.length; p++) copy.unlockAt[p] = this.unlockAt[p] ?? -1;
    for (const [contract, balances] of this.ft) copy.ft.set(contract, new Map(balances));
    for (const [contract, h] of this.nft)
      copy.nft.set(contract, {
        nextId: h.nextId,
        ids: [...h.ids],
        owners: [...h.owners],
        position: new Map(h.position),
      });
    return copy;
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
    this.stx[principal] = this.stxOf(principal) + amount;
  }

  debit(principal: number, amount: number): void {
    const left = this.stxOf(principal) - amount;
    if (left < 0) throw new Error(`generation bug: principal #${principal} would go negative`);
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
    balances.set(principal, next);
  }

  private nftHoldings(contract: number): NftHoldings {
    let h = this.nft.get(contract);
    if (!h) this.nft.set(contract, (h = { nextId: 1, ids: [], owners: [], position: new Map() }));
    return h;
  }

  private mintNft(contract: number, id: number, owner: number): void {
    const h = this.nftHoldings(contract);
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
    h.owners[i] = to;
  }

  private burnNft(contract: number, id: number, from: number): void {
    const h = this.nftHoldings(contract);
    const i = h.position.get(id);
    if (i === undefined || h.owners[i] !== from)
      throw new Error(`generation bug: NFT ${id} not owned by #${from}`);
    const last = h.ids.length - 1;
    const lastId = h.ids[last] as number;
    h.ids[i] = lastId;
    h.owners[i] = h.owners[last] as number;
    h.position.set(lastId, i);
    h.ids.pop();
    h.owners.pop();
    h.position.delete(id);
  }
}
