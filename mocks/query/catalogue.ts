import { c32address } from 'c32check';
import type { ChainActivity } from './chain-activity.ts';
import { burnHeightAt, tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import {
  Action,
  ContractKind,
  Status,
  TX_STATUSES,
  TX_TYPES,
  txTypeOf,
  type TxStatus,
  type TxType,
} from '../world/tables/kinds.ts';
import type { NetworkName } from '../world/tables/network.ts';
import { EvenSamples } from './even-samples.ts';

export interface BlockSample {
  height: number;
  hash: string;
  index_block_hash: string;
}

/** A JSON catalogue of the world, for app developers and test fixtures. */
export interface WorldCatalogue {
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
  /**
   * What a world file declared (empty without one): its accounts by name, and its tokens. An
   * account that asked for a test key carries it (`test_key`, hex): for testing only.
   */
  declared: {
    accounts: { name: string; address: string; test_key?: string }[];
    tokens: { contract: string; asset: string; kind: 'ft' | 'nft' }[];
  };
}

export function buildCatalogue(chain: Chain, activity: ChainActivity): WorldCatalogue {
  const tip = tipHeight(chain);
  const t = chain.txs;
  const samples = sampleTransactions(chain);
  const ids = (list: number): string[] => (samples[list] as number[]).map((tx) => t.idHex(tx));
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
      stx_activity: name(activity.events.mostActive('stx', standard)),
      ft_activity: name(activity.events.mostActive('ft', standard)),
      nft_activity: name(activity.events.mostActive('nft', standard)),
      locked_stx: name(activity.events.lastActiveLock(burnHeightAt(chain, tip))),
      vesting: name([...chain.vesting.keys()][0] ?? -1),
      contract_principal: deployed.find((c) => c.kind === ContractKind.Vault)?.id ?? '',
      busiest: name(activity.busiest(standard)),
      miner: name(chain.blocks.miner[tip - 1] as number),
      unknown: c32address(chain.net.singleSigVersion, 'ff'.repeat(20)),
    },
    transactions: {
      by_type: Object.fromEntries(TX_TYPES.map((type, i) => [type, ids(List.Type + i)])) as Record<
        TxType,
        string[]
      >,
      by_status: {
        ...(Object.fromEntries(TX_STATUSES.map((s, i) => [s, ids(List.Status + i)])) as Record<
          TxStatus,
          string[]
        >),
        ...mempoolStatuses(chain),
      },
      sponsored: ids(List.Sponsored),
      microblock: { anchored: ids(List.AnchoredMicro), unanchored: ids(List.Unanchored) },
      mempool: { pending: mempoolIds(pending), dropped: mempoolIds(dropped) },
    },
    assets: {
      ft: deployed.filter((c) => c.kind === ContractKind.Ft).map((c) => c.assetId),
      nft: deployed.filter((c) => c.kind === ContractKind.Nft).map((c) => c.assetId),
    },
    declared: {
      accounts: (chain.options.declared?.accounts ?? []).map(({ name, address, testKey }) => ({
        name,
        address,
        ...(testKey === undefined ? {} : { test_key: testKey }),
      })),
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
  const samples = new EvenSamples(TX_STATUSES.length);
  for (let pass = 0; pass < 2; pass++) {
    for (let tx = 0; tx < m.count; tx++) samples.add(m.status[tx] as number, tx);
    samples.rewind();
  }
  return Object.fromEntries(
    samples.picked.flatMap((txs, status) =>
      txs.length === 0 ? [] : [[TX_STATUSES[status], txs.map((tx) => m.idHex(tx))]],
    ),
  );
}

/** Where each list of sampled transactions sits in the scan's EvenSamples. */
const List = {
  Type: 0,
  Status: TX_TYPES.length,
  Sponsored: TX_TYPES.length + TX_STATUSES.length,
  AnchoredMicro: TX_TYPES.length + TX_STATUSES.length + 1,
  Unanchored: TX_TYPES.length + TX_STATUSES.length + 2,
  Count: TX_TYPES.length + TX_STATUSES.length + 3,
} as const;

/** An action's index in TX_TYPES, by action. */
const TYPE_OF_ACTION = new Int8Array(Object.values(Action).length);
for (const action of Object.values(Action)) TYPE_OF_ACTION[action] = TX_TYPES.indexOf(txTypeOf(action));

/** Two passes over the mined transactions' columns (see EvenSamples): the lists are never held. */
function sampleTransactions(chain: Chain): number[][] {
  const t = chain.txs;
  const samples = new EvenSamples(List.Count);
  for (let pass = 0; pass < 2; pass++) {
    for (let tx = 0; tx < t.count; tx++) {
      samples.add(List.Type + (TYPE_OF_ACTION[t.action[tx] as number] as number), tx);
      samples.add(List.Status + (t.status[tx] as number), tx);
    }
    t.sponsor.forEachSet((tx) => samples.add(List.Sponsored, tx));
    t.micro.forEachSet((tx) => tx < chain.anchoredCount && samples.add(List.AnchoredMicro, tx));
    for (let tx = chain.anchoredCount; tx < t.count; tx++) samples.add(List.Unanchored, tx);
    samples.rewind();
  }
  return samples.picked;
}
