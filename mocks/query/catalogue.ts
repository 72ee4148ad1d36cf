import { c32address } from 'c32check';
import type { AddressIndex } from './address-index.ts';
import { burnHeightAt, isUnanchored, tipHeight, type Chain } from '../world/tables/chain.ts';
import { eventsOf } from '../world/derive/events.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import {
  Action,
  ContractKind,
  EventKind,
  Status,
  TX_STATUSES,
  TX_TYPES,
  txTypeOf,
  type TxStatus,
  type TxType,
} from '../world/tables/kinds.ts';
import type { NetworkName } from '../world/tables/network.ts';
import { lockActive } from '../world/derive/pox.ts';

export interface BlockSample {
  height: number;
  hash: string;
  index_block_hash: string;
}

/** A JSON catalogue of the world, for app developers and test fixtures. */
export interface WorldIndex {
  network: NetworkName;
  seed: number;
  /** The generated world's size (its `blocks` option); `tip` is where the chain is now, after mined blocks. */
  blocks: number;
  tip: BlockSample;
  block_samples: { first: BlockSample; middle: BlockSample; tip: BlockSample };
  addresses: {
    stx_activity: string;
    ft_activity: string;
    nft_activity: string;
    locked_stx: string;
    vesting: string;
    contract_principal: string;
    busiest: string;
    miner: string;
    /** A valid address the world has never seen. */
    unknown: string;
  };
  transactions: {
    by_type: Record<TxType, string[]>;
    by_status: Record<TxStatus, string[]>;
    sponsored: string[];
    microblock: { anchored: string[]; unanchored: string[] };
    mempool: { pending: string[]; dropped: string[] };
  };
  assets: { ft: string[]; nft: string[] };
  /** What a world file declared (empty without one): its accounts by name, and its tokens. */
  declared: {
    accounts: { name: string; address: string }[];
    tokens: { contract: string; asset: string; kind: 'ft' | 'nft' }[];
  };
}

const SAMPLES = 5;

export function buildCatalogue(chain: Chain, addresses: AddressIndex): WorldIndex {
  const tip = tipHeight(chain);
  const t = chain.txs;
  const byType = Object.fromEntries(TX_TYPES.map((type) => [type, [] as number[]])) as Record<
    TxType,
    number[]
  >;
  const byStatus = Object.fromEntries(TX_STATUSES.map((s) => [s, [] as number[]])) as Record<
    TxStatus,
    number[]
  >;
  const sponsored: number[] = [];
  const anchoredMicro: number[] = [];
  const unanchored: number[] = [];
  const activity = {
    stx: new Map<number, number>(),
    ft: new Map<number, number>(),
    nft: new Map<number, number>(),
  };
  let locked = -1;
  const tipBurn = burnHeightAt(chain, tip);
  for (let tx = 0; tx < t.count; tx++) {
    byType[txTypeOf(t.action[tx] as Action)].push(tx);
    byStatus[TX_STATUSES[t.status[tx] as number] as TxStatus].push(tx);
    if (t.sponsor.at(tx) >= 0) sponsored.push(tx);
    if (isUnanchored(chain, tx)) unanchored.push(tx);
    else if (t.micro.at(tx) >= 0) anchoredMicro.push(tx);
    for (const e of eventsOf(chain, tx)) {
      const kind =
        e.kind <= EventKind.StxBurn
          ? 'stx'
          : e.kind <= EventKind.FtBurn
            ? 'ft'
            : e.kind <= EventKind.NftBurn
              ? 'nft'
              : undefined;
      if (kind)
        for (const p of [e.sender, e.recipient])
          if (p >= 0) activity[kind].set(p, (activity[kind].get(p) ?? 0) + 1);
      if (e.kind === EventKind.StxLock && lockActive(e.unlockHeight, tipBurn)) locked = e.sender;
    }
  }
  const ids = (txs: number[]): string[] => spread(txs).map((tx) => t.idHex(tx));
  const m = chain.mempool;
  const pending: number[] = [];
  const dropped: number[] = [];
  for (let tx = 0; tx < m.count; tx++) (m.status[tx] === Status.Pending ? pending : dropped).push(tx);
  const mempoolIds = (txs: number[]): string[] => txs.map((tx) => m.idHex(tx));
  const name = (p: number): string => (p < 0 ? '' : chain.principals.name(p));
  const standard = (p: number): boolean => !chain.principals.isContract(p);
  const deployed = chain.contracts.filter((c) => !c.pending);
  const sample = (height: number): BlockSample => ({
    height,
    hash: chain.blocks.hex(BlockKey.Hash, height - 1),
    index_block_hash: chain.blocks.hex(BlockKey.IndexHash, height - 1),
  });
  return {
    network: chain.net.name,
    seed: chain.options.seed,
    blocks: chain.options.blocks,
    tip: sample(tip),
    block_samples: { first: sample(1), middle: sample(Math.ceil(tip / 2)), tip: sample(tip) },
    addresses: {
      stx_activity: name(mostActive(activity.stx, standard)),
      ft_activity: name(mostActive(activity.ft, standard)),
      nft_activity: name(mostActive(activity.nft, standard)),
      locked_stx: name(locked),
      vesting: name([...chain.vesting.keys()][0] ?? -1),
      contract_principal: deployed.find((c) => c.kind === ContractKind.Vault)?.id ?? '',
      busiest: name(busiest(chain, addresses)),
      miner: name(chain.blocks.miner[tip - 1] as number),
      unknown: c32address(chain.net.singleSigVersion, 'ff'.repeat(20)),
    },
    transactions: {
      by_type: Object.fromEntries(TX_TYPES.map((type) => [type, ids(byType[type])])) as Record<
        TxType,
        string[]
      >,
      by_status: {
        ...(Object.fromEntries(TX_STATUSES.map((s) => [s, ids(byStatus[s])])) as Record<TxStatus, string[]>),
        ...mempoolStatuses(chain),
      },
      sponsored: ids(sponsored),
      microblock: { anchored: ids(anchoredMicro), unanchored: ids(unanchored) },
      mempool: { pending: mempoolIds(pending), dropped: mempoolIds(dropped) },
    },
    assets: {
      ft: deployed.filter((c) => c.kind === ContractKind.Ft).map((c) => c.assetId),
      nft: deployed.filter((c) => c.kind === ContractKind.Nft).map((c) => c.assetId),
    },
    declared: {
      accounts: (chain.options.declared?.accounts ?? []).map(({ name, address }) => ({ name, address })),
      tokens: (chain.options.declared?.tokens ?? []).map((t) => ({
        contract: t.contractId,
        asset: `${t.contractId}::${t.token}`,
        kind: t.kind,
      })),
    },
  };
}

/** Pending and dropped statuses live in the mempool table, not the chain's. */
function mempoolStatuses(chain: Chain): Partial<Record<TxStatus, string[]>> {
  const m = chain.mempool;
  const found: Partial<Record<TxStatus, number[]>> = {};
  for (let tx = 0; tx < m.count; tx++) {
    const status = TX_STATUSES[m.status[tx] as number] as TxStatus;
    (found[status] ??= []).push(tx);
  }
  return Object.fromEntries(
    Object.entries(found).map(([status, txs]) => [status, spread(txs).map((tx) => m.idHex(tx))]),
  );
}

/** Up to SAMPLES items spread evenly over the list. */
function spread(items: number[]): number[] {
  if (items.length <= SAMPLES) return items;
  return Array.from({ length: SAMPLES }, (_, i) => items[Math.floor((i * items.length) / SAMPLES)] as number);
}

function mostActive(counts: Map<number, number>, eligible: (p: number) => boolean): number {
  let best = -1;
  let bestCount = -1;
  for (const [p, count] of counts) {
    if (eligible(p) && (count > bestCount || (count === bestCount && p < best))) {
      best = p;
      bestCount = count;
    }
  }
  return best;
}

function busiest(chain: Chain, addresses: AddressIndex): number {
  let best = -1;
  let bestCount = -1;
  const tip = tipHeight(chain);
  for (let p = 0; p < chain.principals.count; p++) {
    if (chain.principals.isContract(p)) continue;
    const count = addresses.slice(p, 0, tip).length;
    if (count > bestCount) {
      best = p;
      bestCount = count;
    }
  }
  return best;
}
