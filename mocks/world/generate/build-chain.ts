import { en, Faker } from '@faker-js/faker';
import { createAccounts, createMemos } from './accounts.ts';
import { BlockTable } from '../tables/block-table.ts';
import { buildMempool } from './build-mempool.ts';
import { feePayer, type Chain, type Microblock } from '../tables/chain.ts';
import { ContractRegistry } from './contract-registry.ts';
import { FT_INITIAL_SUPPLY } from '../tables/contracts.ts';
import { openingRequests } from './opening-requests.ts';
import {
  draftUserTx,
  randomAction,
  randomMicroblockAction,
  type DraftContext,
  type DraftRequest,
  type UserTx,
} from './draft-tx.ts';
import { eventsOf } from '../derive/events.ts';
import { Action, AnchorMode, ContractKind, Status } from '../tables/kinds.ts';
import { Ledger } from './ledger.ts';
import { REWARD_MATURITY } from '../derive/miner-rewards.ts';
import { NETWORKS, type NetworkParams } from '../tables/network.ts';
import type { WorldOptions } from '../options.ts';
import { Principals } from '../tables/principals.ts';
import { Rng } from './rng.ts';
import { GENESIS_TIME } from './time.ts';
import { TxTable } from '../tables/tx-table.ts';

const COINBASE_REWARD = 1_000_000_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface QueuedRequest extends DraftRequest {
  attempts: number;
}

/** Generates the whole chain of a world from its options; deterministic in the seed. */
export function buildChain(options: WorldOptions): Chain {
  return new ChainBuilder(options).build();
}

/**
 * Walks the heights once: each block gets its tenure bookkeeping, its system transactions
 * (coinbase, tenure change, boot deploys) and user transactions drafted against a running ledger.
 */
class ChainBuilder {
  private readonly rng: Rng;
  private readonly net: NetworkParams;
  private readonly principals = new Principals();
  private readonly registry: ContractRegistry;
  private readonly blocks: BlockTable;
  private readonly txs: TxTable;
  private readonly microblocks: Microblock[] = [];
  private readonly ledger = new Ledger();
  private readonly nonces: number[] = [];
  private readonly queue: QueuedRequest[];
  private readonly boot: number;
  private readonly miners: readonly number[];
  private readonly ctx: Mutable<DraftContext>;
  private readonly chain: Mutable<Chain>;

  private burnHeight = 0;
  private burnTime = 0;
  private blockTime = 0;
  private tenureHeight = 0;
  private tenureLeft = 0;
  private tenureBlocks = 0;
  private tenureMiner = -1;
  private readonly tenureBurnHash = new Uint8Array(32);
  private readonly tenureMinerTxid = new Uint8Array(32);
  private blockFees = 0;

  constructor(private readonly options: WorldOptions) {
    this.rng = new Rng(options.seed);
    const faker = new Faker({ locale: [en] });
    faker.seed(options.seed);
    this.net = NETWORKS[options.network];
    this.registry = new ContractRegistry(this.principals, faker, this.rng, options.nakamotoHeight);
    this.blocks = new BlockTable(options.blocks);
    this.txs = new TxTable(Math.max(1024, options.blocks * (options.maxTxsPerBlock / 2 + 3)));
    const accounts = createAccounts(this.rng, this.principals, this.net, options.addresses, options.blocks);
    const memos = createMemos(faker);
    this.boot = accounts.boot;
    this.miners = accounts.miners;
    this.queue = openingRequests().map((r) => ({ ...r, attempts: 0 }));
    this.ctx = {
      rng: this.rng,
      ledger: this.ledger,
      accounts: accounts.accounts,
      contracts: this.registry.contracts,
      deployed: this.registry.deployed,
      poxContract: -1,
      memoCount: memos.length,
      burnHeight: 0,
      isContract: (p) => this.principals.isContract(p),
    };
    this.chain = {
      options,
      net: this.net,
      principals: this.principals,
      contracts: this.registry.contracts,
      blocks: this.blocks,
      txs: this.txs,
      anchoredCount: 0,
      microblocks: this.microblocks,
      mempool: new TxTable(16),
      receiptTime: [],
      genesisRecipients: accounts.accounts,
      genesisAmounts: accounts.genesisAmounts,
      memos,
      vesting: accounts.vesting,
      miners: accounts.miners,
      poxContract: -1,
    };
  }

  build(): Chain {
    for (let h = 1; h <= this.options.blocks; h++) this.buildBlock(h);
    this.chain.anchoredCount = this.txs.count;
    this.ctx.burnHeight = this.burnHeight;
    this.microblockStream(this.options.blocks + 1, 0, true);
    this.txs.trim();
    const mempool = buildMempool({
      chain: this.chain,
      draft: this.ctx,
      nonces: this.nonces,
      deploy: (kind, deployer, deployTx) =>
        this.registry.deploy(kind, deployer, deployTx, true, this.blocks.count),
    });
    this.chain.mempool = mempool.table;
    this.chain.receiptTime = mempool.receiptTime;
    return this.chain;
  }

  private buildBlock(h: number): void {
    const nakamoto = h >= this.options.nakamotoHeight;
    const newTenure = !nakamoto || this.tenureLeft === 0 || h === 1;
    const previousTenureBlocks = this.tenureBlocks;
    if (newTenure) this.startTenure(h, nakamoto);
    this.tenureLeft--;
    this.tenureBlocks++;
    this.blockTime = !nakamoto
      ? this.burnTime
      : newTenure
        ? this.burnTime + this.rng.range(3, 12)
        : this.blockTime + this.rng.range(5, 15);

    const row = h - 1;
    const b = this.blocks;
    b.count = h;
    this.rng.fill(b.hash, row * 32, 32);
    this.rng.fill(b.indexHash, row * 32, 32);
    b.burnHash.set(this.tenureBurnHash, row * 32);
    b.minerTxid.set(this.tenureMinerTxid, row * 32);
    b.time[row] = this.blockTime;
    b.burnTime[row] = this.burnTime;
    b.burnHeight[row] = this.burnHeight;
    b.tenureHeight[row] = this.tenureHeight;
    b.firstTx[row] = this.txs.count;
    b.miner[row] = this.tenureMiner;
    this.ctx.burnHeight = this.burnHeight;
    this.blockFees = 0;

    const matured = h - REWARD_MATURITY;
    if (matured >= 1) this.ledger.credit(b.miner[matured - 1] as number, b.reward[matured - 1] as number);

    let txIndex = 0;
    // The parent's microblock stream is confirmed first, before the block's own transactions.
    if (!nakamoto && h >= 4 && (h === 4 || this.rng.chance(0.12)))
      txIndex = this.microblockStream(h, txIndex, false);
    if (nakamoto && newTenure) {
      txIndex = this.pushSystemTx(Action.TenureChange, h, txIndex, 0, previousTenureBlocks);
    } else if (nakamoto && this.rng.chance(0.05)) {
      txIndex = this.pushSystemTx(Action.TenureChange, h, txIndex, 1, this.tenureBlocks - 1);
    }
    if (newTenure) txIndex = this.pushSystemTx(Action.Coinbase, h, txIndex, 0, 0);
    if (h === 1) {
      txIndex = this.pushBootDeploy(ContractKind.Genesis, h, txIndex);
      txIndex = this.pushBootDeploy(ContractKind.Pox, h, txIndex);
    } else {
      // A fresh lock near the tip: whatever the seed, someone has STX locked at the tip.
      if (h === this.options.blocks - 3) this.queue.unshift({ action: Action.StackStx, attempts: 0 });
      this.userTxs(h, txIndex);
    }

    b.txCount[row] = this.txs.count - (b.firstTx[row] as number);
    b.reward[row] = (newTenure ? COINBASE_REWARD : 0) + this.blockFees;
  }

  private startTenure(h: number, nakamoto: boolean): void {
    if (h === 1) {
      this.burnHeight = this.net.burnStartHeight;
      this.burnTime = GENESIS_TIME;
    } else {
      // Now and then a burn block carries no stacks block.
      this.burnHeight += this.rng.chance(0.08) ? 2 : 1;
      this.burnTime += this.rng.range(480, 720);
    }
    this.rng.fill(this.tenureBurnHash);
    this.rng.fill(this.tenureMinerTxid);
    this.tenureMiner = this.rng.pick(this.miners);
    this.tenureHeight++;
    this.tenureLeft = nakamoto ? this.rng.range(1, 6) : 1;
    this.tenureBlocks = 0;
  }

  private userTxs(h: number, firstIndex: number): void {
    let txIndex = firstIndex;
    const slots = Math.max(this.rng.int(this.options.maxTxsPerBlock + 1), this.queue.length > 0 ? 4 : 0);
    for (let i = 0; i < slots; i++) {
      const queued = this.queue.shift();
      const tx = draftUserTx(this.ctx, queued ?? { action: randomAction(this.rng) });
      if (!tx) {
        // Some requests need an earlier one first (an NFT transfer needs a mint): retry later.
        if (queued && ++queued.attempts < 40) this.queue.push(queued);
        continue;
      }
      const mode = this.rng.chance(0.6) ? AnchorMode.OnChainOnly : AnchorMode.Any;
      this.pushTx(tx, h, txIndex++, -1, mode);
    }
  }

  /** Transactions streamed in microblocks; `unanchored` ones sit on top of the chain tip. */
  private microblockStream(h: number, firstIndex: number, unanchored: boolean): number {
    let txIndex = firstIndex;
    const count = unanchored ? 2 : this.rng.range(1, 2);
    for (let sequence = 0; sequence < count; sequence++) {
      let micro = -1;
      const txs = this.rng.range(1, 3);
      for (let i = 0; i < txs; i++) {
        const tx = draftUserTx(this.ctx, { action: randomMicroblockAction(this.rng) });
        if (!tx) continue;
        if (micro < 0) {
          micro = this.microblocks.length;
          this.microblocks.push({ hash: this.rng.bytes(32), sequence, unanchored });
        }
        const mode = this.rng.chance(0.5) ? AnchorMode.OffChainOnly : AnchorMode.Any;
        this.pushTx(tx, h, txIndex++, micro, mode);
      }
    }
    return txIndex;
  }

  private pushSystemTx(action: Action, h: number, txIndex: number, amount: number, aux: number): number {
    const sender = this.tenureMiner;
    const tx: UserTx = {
      action,
      status: Status.Success,
      sender,
      sponsor: -1,
      fee: 0,
      contract: -1,
      peer: -1,
      amount,
      aux,
      deny: false,
    };
    this.pushTx(tx, h, txIndex, -1, AnchorMode.OnChainOnly);
    return txIndex + 1;
  }

  private pushBootDeploy(kind: ContractKind, h: number, txIndex: number): number {
    const tx: UserTx = {
      action: kind === ContractKind.Genesis ? Action.Genesis : Action.Deploy,
      status: Status.Success,
      sender: this.boot,
      sponsor: -1,
      fee: 0,
      contract: -1,
      peer: -1,
      amount: 0,
      aux: 0,
      deny: false,
      deployKind: kind,
    };
    this.pushTx(tx, h, txIndex, -1, AnchorMode.OnChainOnly);
    this.ctx.poxContract = this.registry.poxContract;
    this.chain.poxContract = this.registry.poxContract;
    return txIndex + 1;
  }

  private pushTx(tx: UserTx, height: number, txIndex: number, micro: number, anchorMode: AnchorMode): void {
    const index = this.txs.count;
    const contract =
      tx.deployKind === undefined
        ? tx.contract
        : this.registry.deploy(tx.deployKind, tx.sender, index, false, height);
    this.txs.push({
      action: tx.action,
      status: tx.status,
      flags: anchorMode | (tx.deny ? 4 : 0),
      height,
      txIndex,
      sender: tx.sender,
      sponsor: tx.sponsor,
      nonce: this.nextNonce(tx.sender),
      sponsorNonce: tx.sponsor >= 0 ? this.nextNonce(tx.sponsor) : 0,
      fee: tx.fee,
      contract,
      peer: tx.peer,
      // A token deployment mints its initial supply to the deployer.
      amount: tx.deployKind === ContractKind.Ft ? FT_INITIAL_SUPPLY : tx.amount,
      aux: tx.aux,
      micro,
    });
    this.rng.fill(this.txs.ids, index * 32, 32);
    this.ledger.debit(feePayer(this.txs, index), tx.fee);
    this.ledger.apply(eventsOf(this.chain, index));
    // Unanchored transactions belong to no block yet: no block fees.
    if (height <= this.blocks.count) this.blockFees += tx.fee;
  }

  private nextNonce(principal: number): number {
    const nonce = this.nonces[principal] ?? 0;
    this.nonces[principal] = nonce + 1;
    return nonce;
  }
}
