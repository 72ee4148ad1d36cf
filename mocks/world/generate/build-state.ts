import { en, Faker } from './faker.ts';
import { createAccounts, createMemos } from './accounts.ts';
import { launcherAddress, LAUNCHER_FUNDS } from './bns-names.ts';
import { BlockTable } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';
import { newClock, type ChainClock } from './clock.ts';
import { ContractRegistry } from './contract-registry.ts';
import { DeclaredActivity } from './declared-activity.ts';
import type { DraftContext, DraftRequest } from './draft-tx.ts';
import { Ledger } from './ledger.ts';
import { MicroblockTable } from '../tables/microblocks.ts';
import { NETWORKS } from '../tables/network.ts';
import { NonceBook } from './nonces.ts';
import { openingRequests } from './opening-requests.ts';
import type { WorldOptions } from '../options.ts';
import { Principals } from '../tables/principals.ts';
import { Rng } from '../rng.ts';
import { TxTable } from '../tables/tx-table.ts';
import { bindTxIds } from '../wire/tx-ids.ts';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A request the builder drafts in a coming block; one that cannot be drafted yet is tried again. */
export interface QueuedRequest extends DraftRequest {
  attempts: number;
}

/**
 * The running state of a chain being generated, shared by the builder's rooms (the blocks, the
 * mempool's confirmation, reorgs): the tables, the ledger, the nonces and the clock.
 */
export interface BuildState {
  readonly options: WorldOptions;
  readonly rng: Rng;
  /** Ids of declared transactions come from their own generator, so the background stays the seed's. */
  readonly declaredRng: Rng;
  readonly chain: Mutable<Chain>;
  readonly principals: Principals;
  readonly registry: ContractRegistry;
  readonly blocks: BlockTable;
  readonly txs: TxTable;
  readonly microblocks: MicroblockTable;
  readonly ledger: Ledger;
  readonly nonces: NonceBook;
  readonly clock: ChainClock;
  /** What drafts see: the ledger (pending spends held back), the accounts, the contracts, the burn height. */
  readonly draft: Mutable<DraftContext>;
  readonly declared: DeclaredActivity | undefined;
  readonly boot: number;
  /** The account that launches the BNS namespaces (bns-names.ts). */
  readonly launcher: number;
  readonly memos: string[];
  queue: QueuedRequest[];
}

/** The state before block 1: the accounts funded at genesis, empty tables, the opening requests queued. */
export function startBuild(options: WorldOptions): BuildState {
  const rng = new Rng(options.seed);
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed);
  const net = NETWORKS[options.network];
  const principals = new Principals();
  const registry = new ContractRegistry(principals, faker, rng, options.nakamotoHeight);
  const blocks = new BlockTable(options.blocks);
  const txs = new TxTable(Math.max(1024, options.blocks * (options.maxTxsPerBlock / 2 + 3)));
  const declaredRng = new Rng(options.seed ^ 0x5eed_f11e);
  const declared = options.declared && new DeclaredActivity(options.declared, principals);
  const accounts = createAccounts(rng, principals, net, options.addresses, options.blocks);
  const memos = createMemos(faker);
  const launcher = principals.addStandard(launcherAddress(net));
  const ledger = new Ledger();
  const microblocks = new MicroblockTable();
  const funding = declared?.genesisFunding() ?? { recipients: [], amounts: [] };
  const background = declared?.plan.background
    ? [...accounts.accounts, ...declared.accounts()]
    : accounts.accounts;
  const state: BuildState = {
    options,
    rng,
    declaredRng,
    principals,
    registry,
    blocks,
    txs,
    microblocks,
    ledger,
    nonces: new NonceBook(),
    clock: newClock(),
    declared,
    boot: accounts.boot,
    launcher,
    memos,
    queue: openingRequests().map((r) => ({ ...r, attempts: 0 })),
    draft: {
      rng,
      ledger,
      accounts: background,
      contracts: registry.contracts,
      deployed: registry.deployed,
      poxContract: -1,
      stackingMinimumDivisor: net.stackingMinimumDivisor,
      memoCount: memos.length,
      burnHeight: 0,
      isContract: (p) => principals.isContract(p),
    },
    chain: {
      options,
      net,
      principals,
      contracts: registry.contracts,
      blocks,
      txs,
      anchoredCount: 0,
      microblocks,
      mempool: new TxTable(16),
      receiptTime: [],
      genesisRecipients: [...accounts.accounts, ...funding.recipients, launcher],
      genesisAmounts: [...accounts.genesisAmounts, ...funding.amounts, LAUNCHER_FUNDS],
      memos,
      mints: declared?.mints ?? new Map(),
      vesting: new Map([...accounts.vesting, ...(declared?.vesting() ?? [])]),
      miners: accounts.miners,
      poxContract: -1,
      clarityTxs: {},
      zonefiles: {},
    },
  };
  bindTxIds(state.chain);
  return state;
}

/** The mempool's receipt times: the builder owns the array it gave the chain. */
export function receipts(s: BuildState): number[] {
  return s.chain.receiptTime as number[];
}
