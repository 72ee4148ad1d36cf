import { addAmounts, subtractAmounts, type Amount } from '../world/amount.ts';
import { isUnanchored, tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { Contract } from '../world/tables/contracts.ts';
import { Action, ContractKind, EventKind, txTypeOf, type TxType } from '../world/tables/kinds.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { rewardCycles, type RewardCycle } from '../world/derive/reward-sets.ts';
import { parseHash32 } from '../world/hex.ts';
import { ftHolders, type FtHolders } from './ft-holders.ts';
import { listingOf, type Listing } from './paging.ts';
import { perVersion, type Versioned } from './version-memo.ts';

/** A burn block that anchors Stacks blocks: its height and the first and last of them (heights, inclusive). */
export interface BurnBlockRow {
  readonly burnHeight: number;
  readonly first: number;
  readonly last: number;
}

export type BurnBlockRef = { latest: true } | { height: number } | { hash: string };

/** What the recent-transactions list keeps, and how it orders them. */
export interface TxListQuery {
  readonly unanchored: boolean;
  readonly types?: ReadonlySet<TxType>;
  /** Principal names, as given: one the world never saw matches nothing. */
  readonly from?: string;
  readonly to?: string;
  readonly contractId?: string;
  /** Burn block times, inclusive; 0 filters nothing, as in the real service. */
  readonly startTime?: number;
  readonly endTime?: number;
  /** 0 filters nothing, as in the real service. */
  readonly nonce?: number;
  /** Further conditions the asker reads from the transaction itself (a contract call's function). */
  readonly where?: (tx: number) => boolean;
  readonly sortBy: 'block_height' | 'burn_block_time' | 'fee';
  readonly order: 'asc' | 'desc';
}

/** A deployed token contract and what its own functions answer at the tip. */
export interface TokenFacts {
  readonly contract: Contract;
  /** The deployment's row in the chain's transactions. */
  readonly deployTx: number;
  /** Fungible: minted less burned, micro-units. */
  readonly supply: Amount;
  /** Non-fungible: the ids ever minted. */
  readonly minted: ReadonlySet<number>;
}

/**
 * The questions the explorer's pages ask of a world (blocks and burn blocks by page, a block's
 * transactions, the recent transactions, the reward cycles, the token contracts), answered with
 * row numbers and facts. What it derives from the whole chain is computed once per version.
 */
export class ExplorerQueries {
  private readonly chain: () => Chain;
  private readonly burnRows: () => BurnBlockRow[];
  /** The reward cycles, oldest first (what the burn chain's payouts are drawn from too). */
  readonly cycles: () => RewardCycle[];
  private readonly tokens: () => Map<string, TokenFacts>;
  private readonly holders: () => Map<string, FtHolders>;

  /** `source`'s version goes up whenever `chain` changes. */
  constructor(source: Versioned, chain: () => Chain) {
    this.chain = chain;
    this.burnRows = perVersion(source, () => burnBlockRows(chain()));
    this.cycles = perVersion(source, () => rewardCycles(chain()));
    this.tokens = perVersion(source, () => tokenFacts(chain()));
    this.holders = perVersion(source, () => ftHolders(chain()));
  }

  /** The canonical blocks' heights, newest first. */
  blockHeights(): Listing<number> {
    const tip = tipHeight(this.chain());
    return { total: tip, at: (position) => tip - position };
  }

  /** The burn blocks, newest first. */
  burnBlocks(): Listing<BurnBlockRow> {
    const rows = this.burnRows();
    return { total: rows.length, at: (position) => rows[rows.length - 1 - position] as BurnBlockRow };
  }

  burnBlock(ref: BurnBlockRef): BurnBlockRow | undefined {
    const rows = this.burnRows();
    if ('latest' in ref) return rows[rows.length - 1];
    if ('height' in ref) return rows.find((r) => r.burnHeight === ref.height);
    const key = parseHash32(ref.hash);
    const blocks = this.chain().blocks;
    return key && rows.find((r) => blocks.equals(BlockKey.BurnHash, r.first - 1, key));
  }

  /** The transactions of the block at `height`, in block order (rows of the chain's transactions). */
  blockTxs(height: number): Listing<number> {
    const b = this.chain().blocks;
    const first = b.firstTx[height - 1] as number;
    return { total: b.txCount[height - 1] as number, at: (position) => first + position };
  }

  /** The mined transactions the query keeps, in its order. */
  txList(q: TxListQuery): Listing<number> {
    const chain = this.chain();
    const t = chain.txs;
    const end = q.unanchored ? t.count : chain.anchoredCount;
    const p = chain.principals;
    const id = (name: string | undefined): number | undefined =>
      name === undefined ? undefined : p.find(name);
    const from = id(q.from);
    const to = id(q.to);
    const contract =
      q.contractId === undefined ? undefined : chain.contracts.findIndex((c) => c.id === q.contractId);
    const rows: number[] = [];
    for (let tx = 0; tx < end; tx++) {
      const action = t.action[tx] as Action;
      if (q.types && !q.types.has(txTypeOf(action))) continue;
      if (from !== undefined && t.sender[tx] !== from) continue;
      if (to !== undefined && (action !== Action.StxTransfer || t.peer[tx] !== to)) continue;
      if (contract !== undefined && (!isContractCall(action) || t.contract[tx] !== contract)) continue;
      if (q.nonce && t.nonce[tx] !== q.nonce) continue;
      const burnTime = burnTimeOf(chain, tx);
      if (q.startTime && burnTime < q.startTime) continue;
      if (q.endTime && burnTime > q.endTime) continue;
      if (q.where && !q.where(tx)) continue;
      rows.push(tx);
    }
    const key = (tx: number): number =>
      q.sortBy === 'fee' ? t.fee.at(tx) : q.sortBy === 'burn_block_time' ? burnTimeOf(chain, tx) : 0;
    const sign = q.order === 'asc' ? 1 : -1;
    // Chain order is block height, microblock sequence, transaction index: the tie-breakers.
    rows.sort((a, b) => sign * (key(a) - key(b) || a - b));
    return listingOf(rows);
  }

  /** The reward cycles, newest first. */
  rewardCycles(): Listing<RewardCycle> {
    const cycles = this.cycles();
    return { total: cycles.length, at: (position) => cycles[cycles.length - 1 - position] as RewardCycle };
  }

  rewardCycle(cycle: number): RewardCycle | undefined {
    return this.cycles().find((c) => c.cycle === cycle);
  }

  /** A mined token contract of this kind, by its id, with what its functions answer. */
  token(contractId: string, kind: typeof ContractKind.Ft | typeof ContractKind.Nft): TokenFacts | undefined {
    const facts = this.tokens().get(contractId);
    return facts?.contract.kind === kind ? facts : undefined;
  }

  /** A fungible token's holders at the tip, by asset identifier (`<contract id>::<token name>`). */
  ftHolders(assetId: string): FtHolders | undefined {
    return this.holders().get(assetId);
  }
}

function isContractCall(action: Action): boolean {
  return txTypeOf(action) === 'contract_call';
}

/** A mined transaction's burn block time; an unanchored one has none yet (the real service stores -1). */
function burnTimeOf(chain: Chain, tx: number): number {
  if (isUnanchored(chain, tx)) return -1;
  return chain.blocks.burnTime[(chain.txs.height[tx] as number) - 1] as number;
}

function burnBlockRows(chain: Chain): BurnBlockRow[] {
  const b = chain.blocks;
  const rows: BurnBlockRow[] = [];
  for (let row = 0; row < b.count; row++) {
    const burnHeight = b.burnHeight[row] as number;
    const last = rows[rows.length - 1];
    if (last?.burnHeight === burnHeight) rows[rows.length - 1] = { ...last, last: row + 1 };
    else rows.push({ burnHeight, first: row + 1, last: row + 1 });
  }
  return rows;
}

/** Every token contract deployed in an anchored block, with its supply and minted ids at the tip. */
function tokenFacts(chain: Chain): Map<string, TokenFacts> {
  const t = chain.txs;
  const supply = new Map<number, Amount>();
  const minted = new Map<number, Set<number>>();
  const deployed = new Map<number, number>();
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    if (t.action[tx] === Action.Deploy) deployed.set(t.contract[tx] as number, tx);
    forEachEvent(chain, tx, (kind, _sender, _recipient, contract, amount) => {
      if (kind === EventKind.FtMint) supply.set(contract, addAmounts(supply.get(contract) ?? 0, amount));
      else if (kind === EventKind.FtBurn)
        supply.set(contract, subtractAmounts(supply.get(contract) ?? 0, amount));
      else if (kind === EventKind.NftMint) {
        const ids = minted.get(contract) ?? new Set<number>();
        minted.set(contract, ids.add(Number(amount)));
      }
    });
  }
  const out = new Map<string, TokenFacts>();
  for (const [index, deployTx] of deployed) {
    const contract = chain.contracts[index];
    if (!contract || (contract.kind !== ContractKind.Ft && contract.kind !== ContractKind.Nft)) continue;
    out.set(contract.id, {
      contract,
      deployTx,
      supply: supply.get(index) ?? 0,
      minted: minted.get(index) ?? new Set(),
    });
  }
  return out;
}
