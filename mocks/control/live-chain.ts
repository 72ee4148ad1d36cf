import { WorldQueries } from '../query/world-queries.ts';
import { ChainBuilder } from '../world/generate/build-chain.ts';
import { Action, ContractKind, Status } from '../world/tables/kinds.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { TxIntent } from '../world/generate/draft-tx.ts';
import type { WorldOptions } from '../world/options.ts';
import type { Document } from '../../spec/document.ts';
import type { WorldCatalogue } from '../query/catalogue.ts';
import { ControlChecks, ControlError, type CheckedSubmit, type SubmitRequest } from './control-requests.ts';
import { admit, decodeTransaction } from './admission.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';

export { ControlError, type SubmitRequest } from './control-requests.ts';

/** What the testnet faucet sends (the real service's default: 500 STX), and its fee. */
export const FAUCET_MICRO_STX = 500_000_000;
const FAUCET_FEE = 180;

/** The faucet's answer, as the real service gives it: the transaction's id and its bytes as hex. */
export interface FaucetReceipt {
  txId: string;
  txRaw: string;
}

/** A world restored instead of built (in Node, the build's snapshot of the default world: mocks/world-snapshot.ts). */
export interface RestoredWorld {
  readonly chain: Chain;
  /** The world index, as the restored chain's queries would compute it. */
  readonly catalogue: WorldCatalogue;
}

/** The world for these options when it can be restored, else undefined (it is built). */
export type WorldRestorer = (options: WorldOptions) => RestoredWorld | undefined;

/** The chain tip after a control call. */
export interface Tip {
  height: number;
  hash: string;
}

/**
 * The mock's chain as a living thing: blocks mined on command or on a clock, transactions
 * submitted, reorgs, a reset. Every change goes through here and then tells the world, so every
 * answer after it sees the new tip and none sees a mix. The state is a function of the world's
 * options and the sequence of calls.
 */
export class LiveChain {
  /** The world's questions, over the chain as it is now: each change below moves its version. */
  readonly queries: WorldQueries;
  /** The control spec's checks of a request, before anything changes. */
  readonly checks: ControlChecks;
  /** Undefined while the chain is a restored one, until its first change (`live`). */
  private builder: ChainBuilder | undefined;
  private clock: NodeJS.Timeout | undefined;

  /**
   * `controlSpec`: the control plane's OpenAPI document (control-spec.ts in Node). `blockSeconds`
   * > 0: each mined block is that many seconds after its parent (a clock's period). `restore`:
   * the world at start and at each reset, when it gives one; else the world is built.
   */
  constructor(
    private readonly options: WorldOptions,
    controlSpec: Document,
    private readonly blockSeconds = 0,
    private readonly restore: WorldRestorer = () => undefined,
  ) {
    this.checks = new ControlChecks(controlSpec);
    const restored = restore(options);
    if (restored) {
      this.queries = new WorldQueries(restored.chain, restored.catalogue);
    } else {
      this.builder = new ChainBuilder(options);
      this.queries = new WorldQueries(this.builder.build());
    }
  }

  /**
   * The builder, whose running state (ledger, nonces, queue, reorg checkpoints) every change
   * continues from. A restored world has only the tables, so its first change builds the world
   * from the same options, as a start without a snapshot does: the same chain, now with that state.
   */
  private get live(): ChainBuilder {
    if (!this.builder) {
      this.builder = new ChainBuilder(this.options);
      this.queries.replace(this.builder.build());
    }
    return this.builder;
  }

  /** With a block time, mines a block every period until stopped; the timer keeps no process alive. */
  startClock(): void {
    if (this.blockSeconds <= 0 || this.clock) return;
    this.clock = setInterval(() => {
      // A block that cannot be mined must not take the server down with it: the chain stops
      // moving, says why once, and keeps serving its last tip.
      try {
        this.mine(1);
      } catch (err) {
        this.stopClock();
        console.error(`block clock stopped: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, this.blockSeconds * 1000);
    this.clock.unref();
  }

  stopClock(): void {
    clearInterval(this.clock);
    this.clock = undefined;
  }

  private get chain(): Chain {
    return this.queries.chain;
  }

  tip(): Tip {
    const height = tipHeight(this.chain);
    return { height, hash: this.chain.blocks.hex(BlockKey.Hash, height - 1) };
  }

  mine(blocks = 1): Tip {
    const most = this.checks.maxMined;
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > most)
      throw new ControlError(400, `blocks must be an integer from 1 to ${most}, got ${blocks}`);
    const builder = this.live;
    for (let i = 0; i < blocks; i++) builder.mine(this.step());
    this.queries.advance();
    return this.tip();
  }

  /**
   * Puts the transaction in the mempool, as a node would accept it; the next block mines it. The
   * request is checked against the control spec first (`where` names it in a refusal: `body` over
   * HTTP, `tx` in process), and a refusal changes nothing.
   */
  submit(request: SubmitRequest, where = 'tx'): { tx_id: string } {
    const checked = this.checks.submit(this.byAddress(request), where);
    const memo = checked.type === 'token_transfer' ? memoHex(checked.memo) : undefined;
    const builder = this.live;
    const tx = this.draft(checked);
    const txId = builder.submit(tx, memo);
    this.queries.advance();
    return { tx_id: txId };
  }

  /**
   * A signed transaction's bytes, admitted as a stacks-node's mempool admits them (admission.ts):
   * its txid, or a `DecodeRefusal` / `NodeRejection` that changed nothing. The next block mines it.
   */
  broadcast(bytes: Uint8Array): { txid: string } {
    const wire = decodeTransaction(bytes);
    const builder = this.live;
    const { ledger, burnHeight } = builder.draftContext;
    const admitted = admit(bytes, wire, {
      chain: this.chain,
      ledger,
      burnHeight,
      nonces: (p) => builder.nonces(p),
    });
    const { intent } = admitted;
    if (admitted.newPeer !== undefined) intent.peer = this.chain.principals.addStandard(admitted.newPeer);
    builder.submit(intent, admitted.memo);
    this.queries.advance();
    return { txid: admitted.txid };
  }

  /**
   * The testnet faucet: 500 STX to `address` from the world's richest account, in the mempool
   * until the next block, as the real testnet service sends them.
   */
  faucet(address: string): FaucetReceipt {
    if (this.options.network !== 'testnet')
      throw new ControlError(
        400,
        'the STX faucet runs on testnet only: start the mock with --network testnet',
      );
    const { ledger, burnHeight, accounts } = this.live.draftContext;
    let funder = accounts[0] as number;
    for (const a of accounts)
      if (ledger.spendable(a, burnHeight) > ledger.spendable(funder, burnHeight)) funder = a;
    const { tx_id } = this.submit(
      {
        type: 'token_transfer',
        sender: this.chain.principals.name(funder),
        recipient: address,
        amount: FAUCET_MICRO_STX,
        fee: FAUCET_FEE,
        memo: 'faucet',
      },
      'address',
    );
    const found = this.queries.findListedTx(tx_id, false);
    const txRaw = found?.table === 'mempool' ? rawTxOf(this.chain, this.chain.mempool, found.tx).hex : '';
    return { txId: tx_id, txRaw: txRaw.replace(/^0x/, '') };
  }

  reorg(depth: number): Tip {
    const builder = this.live;
    const reach = builder.reorgReach();
    if (!Number.isInteger(depth) || depth < 1 || depth > reach)
      throw new ControlError(
        400,
        `depth must be an integer from 1 to ${reach} (the blocks kept for reorgs), got ${depth}`,
      );
    this.queries.orphanAbove(this.tip().height - depth);
    builder.reorg(depth, this.step());
    this.queries.replace(this.chain);
    return this.tip();
  }

  /** Back to the state at start: the same world, built again from the same options. */
  reset(): Tip {
    const restored = this.restore(this.options);
    if (restored) {
      this.builder = undefined;
      this.queries.replace(restored.chain, restored.catalogue);
    } else {
      this.builder = new ChainBuilder(this.options);
      this.queries.replace(this.builder.build());
    }
    return this.tip();
  }

  private step(): number | undefined {
    return this.blockSeconds > 0 ? this.blockSeconds : undefined;
  }

  /**
   * The transaction a node would accept, checked against the ledger as it stands (pending spends
   * held back), amounts compared exactly. Every check comes before the one change a draft makes,
   * registering a recipient the world has never seen, so a refused request leaves the chain as it was.
   */
  private draft(request: CheckedSubmit): TxIntent {
    const sender = this.sender(request.sender);
    const recipient = this.recipient(request.recipient);
    if (request.sender === request.recipient) throw new ControlError(400, 'sender and recipient must differ');
    const { ledger, burnHeight } = this.live.draftContext;
    const spendable = ledger.spendable(sender, burnHeight);
    const transfer = request.type === 'token_transfer';
    const stxNeeded = transfer ? request.amount + request.fee : request.fee;
    if (BigInt(spendable) < stxNeeded)
      throw new ControlError(
        400,
        `sender ${request.sender} cannot pay ${transfer ? 'amount + fee' : 'the fee'} (${stxNeeded} micro-STX): ${Math.max(0, spendable)} spendable after its pending transactions`,
      );
    const token = transfer ? undefined : this.token(request, sender);
    // The ledger keeps balances as doubles, exact to 2^53: a larger amount no balance covers
    // exactly, so none reaches the tables (see docs/living-chain.md).
    for (const [field, value] of [
      ['amount', request.amount],
      ['fee', request.fee],
    ] as const)
      if (value > BigInt(Number.MAX_SAFE_INTEGER))
        throw new ControlError(
          400,
          `${field} ${value} is past what this mock's ledger holds exactly (${Number.MAX_SAFE_INTEGER})`,
        );
    return {
      action: token?.action ?? Action.StxTransfer,
      status: Status.Pending,
      sender,
      sponsor: -1,
      fee: Number(request.fee),
      contract: token?.contract ?? -1,
      peer: recipient >= 0 ? recipient : this.chain.principals.addStandard(request.recipient),
      amount: Number(request.amount),
      aux: 0,
      deny: false,
    };
  }

  /** The FT or NFT a contract call moves, once the sender is known to hold what it sends. */
  private token(
    request: CheckedSubmit & { type: 'contract_call' },
    sender: number,
  ): { action: Action; contract: number } {
    const { ledger } = this.live.draftContext;
    const contract = this.chain.contracts.find((c) => c.assetId === request.asset && !c.pending);
    if (!contract || (contract.kind !== ContractKind.Ft && contract.kind !== ContractKind.Nft))
      throw new ControlError(
        400,
        `asset ${request.asset} is not a token this world knows (see /_mock/world)`,
      );
    if (contract.kind === ContractKind.Ft) {
      const held = ledger.ftOf(contract.index, sender);
      if (BigInt(held) < request.amount)
        throw new ControlError(
          400,
          `sender ${request.sender} holds ${held} of ${request.asset}, not ${request.amount}`,
        );
      return { action: Action.FtTransfer, contract: contract.index };
    }
    const id = request.amount <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(request.amount) : -1;
    if (id < 0 || ledger.nftOwner(contract.index, id) !== sender)
      throw new ControlError(
        400,
        `sender ${request.sender} does not own ${request.asset} #${request.amount}`,
      );
    return { action: Action.NftTransfer, contract: contract.index };
  }

  /**
   * The request with a world file's account names (`"sender": "bob"`, as the world file and the
   * home page call its accounts) replaced by their addresses; anything else as it came.
   */
  private byAddress(request: SubmitRequest): SubmitRequest {
    const accounts = this.chain.options.declared?.accounts ?? [];
    if (accounts.length === 0 || request === null || typeof request !== 'object') return request;
    const address = (value: unknown): unknown =>
      typeof value === 'string' ? (accounts.find((a) => a.name === value)?.address ?? value) : value;
    return {
      ...request,
      sender: address(request.sender),
      recipient: address(request.recipient),
    } as SubmitRequest;
  }

  /** A sender the world knows, by address: a standard one, as only an account signs a transaction. */
  private sender(address: string): number {
    this.onNetwork(address, 'sender');
    if (address.includes('.'))
      throw new ControlError(
        400,
        `sender ${address} is a contract: a transaction's sender is a standard address`,
      );
    const known = this.chain.principals.find(address);
    if (known < 0) throw new ControlError(400, `sender ${address} has no STX: the world has never seen it`);
    return known;
  }

  /** A recipient by address; -1 for a standard address the world has never seen (a draft registers it last). */
  private recipient(address: string): number {
    this.onNetwork(address, 'recipient');
    const known = this.chain.principals.find(address);
    if (known < 0 && address.includes('.'))
      throw new ControlError(400, `recipient ${address} is a contract this world does not know`);
    return known;
  }

  private onNetwork(address: string, role: string): void {
    const prefixes = this.options.network === 'mainnet' ? ['SP', 'SM'] : ['ST', 'SN'];
    if (!prefixes.some((p) => address.startsWith(p)))
      throw new ControlError(400, `${role} ${address} is not a ${this.options.network} address`);
  }
}

/** A token transfer's memo: 34 bytes, the UTF-8 text then zeros. */
function memoHex(memo: string | undefined): string | undefined {
  if (memo === undefined) return undefined;
  const bytes = new TextEncoder().encode(memo);
  if (bytes.length > 34)
    throw new ControlError(400, `memo must be at most 34 bytes in UTF-8, got ${bytes.length}`);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `0x${hex}${'00'.repeat(34 - bytes.length)}`;
}
