import { readWord, toHex } from '../hex.ts';
import type { Rng } from '../rng.ts';
import { grow } from './grow.ts';
import type { Amount } from '../amount.ts';
import { AmountColumn } from './amount-column.ts';
import { IdColumn } from './id-column.ts';
import { DERIVED, HashedIds, PINNED, SEEDED, type IdSource } from './hashed-ids.ts';
import { NarrowColumn } from './narrow-column.ts';
import { SparseColumn } from './sparse-column.ts';

/** The seed of a transaction: 8 draws of the world's generator, 32 bytes. */
const ID_WORDS = 8;

/** Each table's id source (world/wire/tx-ids.ts), kept outside the table: a snapshot holds no function. */
const sources = new WeakMap<TxTable, IdSource>();

/** Row ids of `table` marked derived (`deriveId`) are computed by `source` when asked. */
export function bindIdSource(table: TxTable, source: IdSource): void {
  sources.set(table, source);
}

/**
 * Transactions as columns of typed arrays: about 47 bytes a transaction, so ten million of them fit
 * in memory. Sponsors and microblocks, which few transactions have, are sparse columns; the fee
 * and `aux`, small numbers but for a rare few, are narrow columns; a seed (32 bytes drawn for the
 * row) is kept as the generator state that drew it (mostly as a step from the previous row's, see
 * `IdColumn`) and drawn again when asked. Everything else about a transaction (its index in its
 * block, events, post-conditions, Clarity values, payload bytes) is derived on demand from these
 * columns, its seed and its row (see `txIndexOf`). Its id, the sha512/256 of those bytes, is
 * computed when first asked (world/wire/tx-ids.ts binds the source) and only its first word kept,
 * the whole id computed again when served (`HashedIds`): 5 bytes a row, not 32.
 */
export interface TxDraft {
  action: number;
  status: number;
  /** Anchor mode and post-condition bits, read and written only through tx-flags.ts. */
  flags: number;
  /** Block height (mined) or the height at which the mempool received it. */
  height: number;
  sender: number;
  /** -1 when not sponsored. */
  sponsor: number;
  nonce: number;
  sponsorNonce: number;
  fee: number;
  /** Contract table index the transaction calls or deploys; -1 when none. */
  contract: number;
  /** The other party (recipient); -1 when none. */
  peer: number;
  /** Micro-units moved, an NFT id, or locked micro-STX, depending on the action. */
  amount: Amount;
  /** Action-specific small integer (memo choice, lock period, previous tenure blocks...). */
  aux: number;
  /** Microblock table index; -1 when not in a microblock. */
  micro: number;
  /**
   * The burn height its arguments were drafted at (a stack-stx names it), where that is not its
   * block's: a block mined it from the mempool, or a reorg sent it back there. -1 otherwise.
   */
  drafted: number;
}

/** A draft with every field at its table's default, to be filled in before `push`. */
export function blankDraft(): TxDraft {
  return {
    action: 0,
    status: 0,
    flags: 0,
    height: 0,
    sender: 0,
    sponsor: -1,
    nonce: 0,
    sponsorNonce: 0,
    fee: 0,
    contract: 0,
    peer: 0,
    amount: 0,
    aux: 0,
    micro: -1,
    drafted: -1,
  };
}

export class TxTable {
  count = 0;
  action: Uint8Array;
  status: Uint8Array;
  flags: Uint8Array;
  height: Int32Array;
  sender: Int32Array;
  /** -1 when not sponsored. */
  sponsor = new SparseColumn(-1);
  nonce: Int32Array;
  sponsorNonce = new SparseColumn(0);
  fee: NarrowColumn;
  contract: Int32Array;
  peer: Int32Array;
  amount: AmountColumn;
  aux: NarrowColumn;
  /** -1 when not in a microblock. */
  micro = new SparseColumn(-1);
  /** -1 unless drafted at another burn height than its block's (`TxDraft.drafted`). */
  drafted = new SparseColumn(-1);
  /** Per transaction, the state of the generator that drew its 32-byte seed (see `drawId`). */
  private ids: IdColumn;
  /** Per transaction, its id once written: derived from its bytes when asked, or kept whole. */
  private hashed: HashedIds;

  constructor(capacity = 1024) {
    this.action = new Uint8Array(capacity);
    this.status = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.height = new Int32Array(capacity);
    this.sender = new Int32Array(capacity);
    this.nonce = new Int32Array(capacity);
    this.fee = new NarrowColumn(capacity, Uint32Array);
    this.contract = new Int32Array(capacity);
    this.peer = new Int32Array(capacity);
    this.amount = new AmountColumn(capacity);
    this.aux = new NarrowColumn(capacity, Uint8Array);
    this.ids = new IdColumn(capacity);
    this.hashed = new HashedIds(capacity);
  }

  /** Appends a transaction; the caller then draws its id (`drawId`). */
  push(d: TxDraft): number {
    if (this.count === this.action.length) this.resize(this.count * 2);
    const i = this.count++;
    this.action[i] = d.action;
    this.status[i] = d.status;
    this.flags[i] = d.flags;
    this.height[i] = d.height;
    this.sender[i] = d.sender;
    this.sponsor.append(i, d.sponsor);
    this.nonce[i] = d.nonce;
    this.sponsorNonce.append(i, d.sponsorNonce);
    this.fee.append(i, d.fee);
    this.contract[i] = d.contract;
    this.peer[i] = d.peer;
    this.amount.set(i, d.amount);
    this.aux.append(i, d.aux);
    this.micro.append(i, d.micro);
    this.drafted.append(i, d.drafted);
    this.hashed.reset(i);
    return i;
  }

  /** Appends row `row` of `from` (its id included), e.g. a mempool transaction being mined. */
  copyRow(from: TxTable, row: number, changes: Partial<TxDraft> = {}): number {
    const i = this.push({ ...from.draftOf(row), ...changes });
    this.ids.copy(i, from.ids, row);
    // Whole: the copy's columns may be changed (its status, a reorg's renamed parties), its id not.
    if (from.hasId(row)) this.setId(i, from.idBytes(row));
    return i;
  }

  /**
   * The seed of `row` is the next 32 bytes `rng` draws (`rng.fill`): the table keeps the state it
   * draws them from and `rng` moves past them, so the world's later draws are what they would be.
   * Until its id is written (`setId`), the row's id reads as its seed.
   */
  drawId(row: number, rng: Rng): void {
    this.ids.record(row, rng);
    rng.skip(ID_WORDS);
  }

  /** Row `row` has the id `id` (32 bytes): a signed transaction's, the hash of its bytes, its seed too. */
  giveId(row: number, id: Uint8Array): void {
    this.ids.give(row, id);
    this.setId(row, id);
  }

  /** Row `row`'s id is `id` (32 bytes), kept whole: the hash of its bytes (world/wire/tx-ids.ts). */
  setId(row: number, id: Uint8Array): void {
    this.hashed.pin(row, id);
  }

  /** Row `row`'s id is the hash of its bytes, computed by the table's source when asked. */
  deriveId(row: number): void {
    this.hashed.derive(row);
  }

  /** Whether row `row`'s id is written (else it reads as its seed). */
  hasId(row: number): boolean {
    return this.hashed.stateOf(row) !== SEEDED;
  }

  /** Whether row `row`'s id is kept whole (given, copied, or written eagerly). */
  hasWholeId(row: number): boolean {
    return this.hashed.stateOf(row) === PINNED;
  }

  /** Whether row `row`'s id has yet to be computed (not even its first word). */
  idPending(row: number): boolean {
    return this.hashed.stateOf(row) === DERIVED;
  }

  /** Word `word` (0-7) of the id: its bytes 4 * word to 4 * word + 3, little-endian. */
  idWord(row: number, word: number): number {
    if (!this.hasId(row)) return this.seedWord(row, word);
    if (word === 0) return this.hashed.head(row, sources.get(this));
    return readWord(this.idBytes(row), word * 4);
  }

  /**
   * Word `word` (0-7) of the row's seed, the 32 bytes drawn for it: what a transaction carries but
   * the table does not store (payload bytes, post-conditions, costs) is derived from it, never from
   * the id, which is the hash of those bytes. A given row's seed is its id.
   */
  seedWord(row: number, word: number): number {
    if (word === 0) return this.ids.firstWord(row);
    const given = this.ids.givenId(row);
    if (given) return readWord(given, word * 4);
    const r = this.ids.at(row);
    r.skip(word);
    return r.u32();
  }

  /** Byte `byte` (0-31) of the seed (see `seedWord`). */
  seedByte(row: number, byte: number): number {
    return (this.seedWord(row, byte >> 2) >>> ((byte & 3) * 8)) & 0xff;
  }

  /** The id's 32 bytes, in a fresh array. */
  idBytes(row: number): Uint8Array {
    if (this.hasId(row)) return this.hashed.bytes(row, sources.get(this));
    return this.seedBytes(row);
  }

  /** The seed's 32 bytes (the id of a row not yet written), in a fresh array. */
  seedBytes(row: number): Uint8Array {
    const given = this.ids.givenId(row);
    if (given) return given.slice();
    const out = new Uint8Array(32);
    this.ids.at(row).fill(out);
    return out;
  }

  /** The id as `0x` and 64 lowercase hex digits. */
  idHex(row: number): string {
    return toHex(this.idBytes(row));
  }

  /** Whether the id of `row` is `key` (32 bytes). */
  idEquals(row: number, key: Uint8Array): boolean {
    if (this.hasId(row)) {
      // The first word tells most rows apart: the whole id is computed only for a likely match.
      if (this.idWord(row, 0) !== readWord(key, 0)) return false;
      const id = this.idBytes(row);
      return id.every((b, i) => b === key[i]);
    }
    // Most rows an index probes differ in the first word, kept apart: no state to find for them.
    if (this.ids.firstWord(row) !== readWord(key, 0)) return false;
    const given = this.ids.givenId(row);
    if (given) return given.every((b, i) => b === key[i]);
    const r = this.ids.at(row);
    r.skip(1);
    for (let at = 4; at < 32; at += 4) if (r.u32() !== readWord(key, at)) return false;
    return true;
  }

  draftOf(row: number): TxDraft {
    return {
      action: this.action[row] as number,
      status: this.status[row] as number,
      flags: this.flags[row] as number,
      height: this.height[row] as number,
      sender: this.sender[row] as number,
      sponsor: this.sponsor.at(row),
      nonce: this.nonce[row] as number,
      sponsorNonce: this.sponsorNonce.at(row),
      fee: this.fee.at(row),
      contract: this.contract[row] as number,
      peer: this.peer[row] as number,
      amount: this.amount.at(row),
      aux: this.aux.at(row),
      micro: this.micro.at(row),
      drafted: this.drafted.at(row),
    };
  }

  /** A copy of the rows for which `keep` holds, in order (the mempool after some are mined). */
  filtered(keep: (row: number) => boolean): TxTable {
    const to = new TxTable(Math.max(16, this.count));
    for (let row = 0; row < this.count; row++) if (keep(row)) to.copyRow(this, row);
    return to;
  }

  /** Drops the rows at or past `count` (a reorg); the rows that replace them are appended anew. */
  truncate(count: number): void {
    this.count = count;
    this.sponsor.truncate(count);
    this.sponsorNonce.truncate(count);
    this.fee.truncate(count);
    this.amount.truncate(count);
    this.aux.truncate(count);
    this.micro.truncate(count);
    this.drafted.truncate(count);
    this.ids.truncate(count);
    this.hashed.truncate(count);
  }

  /** Releases the unused capacity once generation is over. */
  trim(): void {
    this.resize(this.count);
    this.sponsor.trim();
    this.sponsorNonce.trim();
    this.fee.trim();
    this.aux.trim();
    this.micro.trim();
    this.drafted.trim();
    this.ids.trim();
  }

  private resize(capacity: number): void {
    const n = Math.max(capacity, 1);
    this.action = grow(this.action, n, Uint8Array);
    this.status = grow(this.status, n, Uint8Array);
    this.flags = grow(this.flags, n, Uint8Array);
    this.height = grow(this.height, n, Int32Array);
    this.sender = grow(this.sender, n, Int32Array);
    this.nonce = grow(this.nonce, n, Int32Array);
    this.fee.resize(n);
    this.contract = grow(this.contract, n, Int32Array);
    this.peer = grow(this.peer, n, Int32Array);
    this.amount.resize(n);
    this.aux.resize(n);
    this.ids.resize(n);
    this.hashed.resize(n);
  }
}
