import type { Chain } from '../world/tables/chain.ts';
import { EventKind, Status } from '../world/tables/kinds.ts';
import type { ClarityTx } from '../world/tables/clarity-txs.ts';
import { attachmentOf, namespaceReady } from '../world/derive/bns-prints.ts';
import type { TxListFind } from './world-queries.ts';

/** A name as the chain shows it now: the last BNS operation of the canonical chain that wrote it. */
export interface NameFacts {
  readonly name: string;
  readonly owner: string;
  /** The height of the block that mined the operation's transaction. */
  readonly registeredAt: number;
  readonly expireBlock: number;
  readonly txId: string;
  /** The operation: `name-register`, `name-update`, `name-import`, … */
  readonly status: string;
  /** Its zone file, '' when its owner published none the world holds. */
  readonly zonefile: string;
  /** The zone file's hash160, as BNS records it (40 hex digits). */
  readonly zonefileHash: string;
}

/** What the names need of the world's queries: a transaction found by id, mined or pending. */
interface TxFinder {
  findListedTx(txId: string, unanchored: boolean): TxListFind | undefined;
}

/** The BNS boot contract of either network. */
const BNS_CONTRACTS = new Set(['SP000000000000000000002Q6VF78.bns', 'ST000000000000000000002AMW42H.bns']);

/**
 * The world's BNS names, read as the real service reads them: from the prints of the `bns`
 * contract's successful calls on the canonical chain (anchored, or the unanchored stream when
 * asked for), in chain order. An attachment print (`name-register`, `name-update`, …) writes a
 * name: its sender owns it, its zone file is the one published with that hash; a
 * `namespace-ready` print gives a namespace the lifetime its later names expire by (a name of a
 * namespace never launched expires at 0, as the real service leaves it). A handful of calls, so
 * each answer reads them again.
 */
export class BnsQueries {
  constructor(
    private readonly finder: TxFinder,
    private readonly chain: () => Chain,
  ) {}

  /** The name, if the canonical chain wrote it. */
  name(name: string, unanchored: boolean): NameFacts | undefined {
    return this.all(unanchored).get(name);
  }

  /** The names an address owns on the anchored chain, sorted as the real service sorts them. */
  ownedBy(address: string): string[] {
    return [...this.all(false).values()]
      .filter((n) => n.owner === address)
      .map((n) => n.name)
      .sort();
  }

  /** Every name the canonical chain wrote, by name. */
  all(unanchored: boolean): Map<string, NameFacts> {
    const chain = this.chain();
    const lifetimes = new Map<string, number>();
    const names = new Map<string, NameFacts>();
    for (const { txId, height, entry } of this.calls(chain, unanchored)) {
      for (const event of entry.outcome?.events ?? []) {
        if (event.kind !== EventKind.Log || !event.value) continue;
        const ready = namespaceReady(event.value.hex);
        if (ready) lifetimes.set(ready.namespace, ready.lifetime);
        const op = attachmentOf(event.value.hex);
        if (!op) continue;
        const lifetime = lifetimes.get(op.namespace);
        names.set(op.name, {
          name: op.name,
          owner: op.sender,
          registeredAt: height,
          expireBlock: lifetime === undefined ? 0 : height + lifetime,
          txId,
          status: op.op,
          zonefile: chain.zonefiles[op.hash] ?? '',
          zonefileHash: op.hash,
        });
      }
    }
    return names;
  }

  /** The `bns` contract's successful calls on the canonical chain, in chain order. */
  private calls(chain: Chain, unanchored: boolean): { txId: string; height: number; entry: ClarityTx }[] {
    const found: { txId: string; row: number; height: number; entry: ClarityTx }[] = [];
    for (const [txId, entry] of Object.entries(chain.clarityTxs)) {
      if (entry.payload.kind !== 'call' || !BNS_CONTRACTS.has(entry.payload.contract)) continue;
      if (entry.outcome?.status !== Status.Success) continue;
      const listed = this.finder.findListedTx(txId, unanchored);
      if (listed?.table !== 'chain') continue;
      found.push({ txId, row: listed.tx, height: chain.txs.height[listed.tx] as number, entry });
    }
    return found.sort((a, b) => a.row - b.row);
  }
}
