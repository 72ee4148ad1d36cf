import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { BnsRegistration } from '../world/tables/bns-names.ts';
import { NAMESPACE_LIFETIMES } from '../world/tables/bns-names.ts';
import type { Chain } from '../world/tables/chain.ts';
import type { TxListFind } from './world-queries.ts';

/** A name as the chain shows it now: registered by a transaction of the canonical chain. */
export interface NameFacts {
  readonly name: string;
  readonly owner: string;
  /** The height of the block that mined the registering transaction. */
  readonly registeredAt: number;
  readonly expireBlock: number;
  readonly txId: string;
  readonly zonefile: string;
  /** The zone file's hash160, as BNS records it (40 hex digits). */
  readonly zonefileHash: string;
}

/** What the names need of the world's queries: a transaction found by id, mined or pending. */
interface TxFinder {
  findListedTx(txId: string, unanchored: boolean): TxListFind | undefined;
}

/**
 * The world's BNS names, as the real service reads them from its names table: a name exists while
 * the transaction that registered it is on the canonical chain (anchored, or in the unanchored
 * stream when asked for), at that transaction's height and owned by its sender. A handful of
 * names, so each answer looks each one up.
 */
export class BnsQueries {
  constructor(
    private readonly finder: TxFinder,
    private readonly chain: () => Chain,
  ) {}

  /** The name, if the canonical chain registered it. */
  name(name: string, unanchored: boolean): NameFacts | undefined {
    const registration = this.chain().names.find((n) => n.name === name);
    return registration && this.facts(registration, unanchored);
  }

  /** The names an address owns on the anchored chain, sorted as the real service sorts them. */
  ownedBy(address: string): string[] {
    return this.chain()
      .names.map((n) => this.facts(n, false))
      .filter((n): n is NameFacts => n?.owner === address)
      .map((n) => n.name)
      .sort();
  }

  private facts(registration: BnsRegistration, unanchored: boolean): NameFacts | undefined {
    const found = this.finder.findListedTx(registration.txId, unanchored);
    if (found?.table !== 'chain') return undefined;
    const { txs, principals } = this.chain();
    const registeredAt = txs.height[found.tx] as number;
    return {
      name: registration.name,
      owner: principals.name(txs.sender[found.tx] as number),
      registeredAt,
      expireBlock: registeredAt + (NAMESPACE_LIFETIMES[registration.namespace] ?? 0),
      txId: registration.txId,
      zonefile: registration.zonefile,
      zonefileHash: bytesToHex(ripemd160(sha256(utf8ToBytes(registration.zonefile)))),
    };
  }
}
