import { grow } from '../tables/grow.ts';
import { PairMap } from './pair-map.ts';

/**
 * The live tokens of every NFT contract, in typed arrays rather than an object, two arrays and a
 * Map per contract. A contract's tokens are a list of (id, owner), picked at random by index, kept
 * as one segment of a shared pool; a segment that fills moves to the pool's end with twice the
 * room, and a full pool is laid out anew without the gaps moved segments left. A token's index in
 * its list is found by (contract, id). Burning moves the list's last token into the burned one's
 * place, so the list stays dense and its order is the one picks have always seen.
 */
export class NftHoldings {
  /** Per contract: where its segment starts in the pool, how many tokens it holds, its room. */
  private start = new Int32Array(64);
  private count = new Int32Array(64);
  private room = new Int32Array(64);
  /** Per contract: the id after the highest minted; 0 until the first mint (the next id is then 1). */
  private next = new Float64Array(64);
  private ids = new Float64Array(1024);
  private owners = new Int32Array(1024);
  /** The pool's length in use: segments and the gaps they left. */
  private used = 0;
  /** The segments' rooms added up. */
  private rooms = 0;
  /** (contract, id) → the token's index in its contract's list; -1 when it does not exist. */
  private readonly index = new PairMap(-1);

  size(contract: number): number {
    return this.count[contract] ?? 0;
  }

  idAt(contract: number, i: number): number {
    return this.ids[(this.start[contract] as number) + i] as number;
  }

  ownerAt(contract: number, i: number): number {
    return this.owners[(this.start[contract] as number) + i] as number;
  }

  /** The token's index in its contract's list, or -1 when it does not exist. */
  indexOf(contract: number, id: number): number {
    return this.index.get(contract, id);
  }

  nextId(contract: number): number {
    return this.next[contract] || 1;
  }

  mint(contract: number, id: number, owner: number): void {
    if (!(contract >= 0)) throw new RangeError(`no contract #${contract}`);
    if (contract >= this.start.length) this.addContracts(contract + 1);
    const n = this.count[contract] as number;
    if (n === this.room[contract]) this.widen(contract);
    const at = (this.start[contract] as number) + n;
    this.index.set(contract, id, n);
    this.ids[at] = id;
    this.owners[at] = owner;
    this.count[contract] = n + 1;
    this.next[contract] = Math.max(this.nextId(contract), id + 1);
  }

  /** Undoes the contract's last mint; `nextId` is what `nextId` said before it. */
  unmint(contract: number, nextId: number): void {
    const n = (this.count[contract] as number) - 1;
    this.count[contract] = n;
    this.index.set(contract, this.idAt(contract, n), -1);
    this.next[contract] = nextId;
  }

  setOwner(contract: number, i: number, owner: number): void {
    this.owners[(this.start[contract] as number) + i] = owner;
  }

  /** Removes token `id`, at index `i`: the list's last token takes its place. */
  burn(contract: number, i: number, id: number): void {
    const s = this.start[contract] as number;
    const last = (this.count[contract] as number) - 1;
    const lastId = this.ids[s + last] as number;
    this.ids[s + i] = lastId;
    this.owners[s + i] = this.owners[s + last] as number;
    this.index.set(contract, lastId, i);
    this.count[contract] = last;
    this.index.set(contract, id, -1);
  }

  /**
   * Undoes `burn(contract, i, id)`, the list being as that burn left it: the token that took
   * index `i` goes back to the end (unless the burned token was the last), and `id` to `i`.
   */
  unburn(contract: number, i: number, id: number, owner: number): void {
    const s = this.start[contract] as number;
    const last = this.count[contract] as number;
    const lastId = i < last ? (this.ids[s + i] as number) : id;
    const lastOwner = i < last ? (this.owners[s + i] as number) : owner;
    this.ids[s + last] = lastId;
    this.owners[s + last] = lastOwner;
    this.index.set(contract, lastId, last);
    this.count[contract] = last + 1;
    this.ids[s + i] = id;
    this.owners[s + i] = owner;
    this.index.set(contract, id, i);
  }

  private addContracts(length: number): void {
    const n = Math.max(length, this.start.length * 2);
    this.start = grow(this.start, n, Int32Array);
    this.count = grow(this.count, n, Int32Array);
    this.room = grow(this.room, n, Int32Array);
    this.next = grow(this.next, n, Float64Array);
  }

  /** Twice the room for a full segment: in place when it ends the pool, else at the pool's end. */
  private widen(contract: number): void {
    const s = this.start[contract] as number;
    const room = this.room[contract] as number;
    const wider = Math.max(4, room * 2);
    this.room[contract] = wider;
    this.rooms += wider - room;
    const at = s + room === this.used ? s : this.used;
    if (at + wider > this.ids.length) {
      this.rebuild();
      return;
    }
    if (at !== s) {
      const n = this.count[contract] as number;
      this.ids.copyWithin(at, s, s + n);
      this.owners.copyWithin(at, s, s + n);
      this.start[contract] = at;
    }
    this.used = at + wider;
  }

  /**
   * A new pool, half again the rooms it holds, with the segments laid end to end: the gaps that
   * moved segments left go, so the pool stays within about three times the live tokens.
   */
  private rebuild(): void {
    const length = this.rooms + (this.rooms >> 1);
    const ids = new Float64Array(length);
    const owners = new Int32Array(length);
    let at = 0;
    for (let contract = 0; contract < this.start.length; contract++) {
      const room = this.room[contract] as number;
      if (room === 0) continue;
      const s = this.start[contract] as number;
      const n = this.count[contract] as number;
      ids.set(this.ids.subarray(s, s + n), at);
      owners.set(this.owners.subarray(s, s + n), at);
      this.start[contract] = at;
      at += room;
    }
    this.ids = ids;
    this.owners = owners;
    this.used = at;
  }
}
