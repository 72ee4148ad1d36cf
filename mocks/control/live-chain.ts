import { WorldQueries } from '../query/world-queries.ts';
import { ChainBuilder } from '../world/generate/build-chain.ts';
import { Action, ContractKind, Status } from '../world/tables/kinds.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { UserTx } from '../world/generate/draft-tx.ts';
import type { WorldOptions } from '../world/options.ts';

export const MAX_MINED_AT_ONCE = 1000;

/** The chain tip after a control call. */
export interface Tip {
  height: number;
  hash: string;
}

export type SubmitRequest =
  | {
      type: 'token_transfer';
      sender: string;
      recipient: string;
      amount: number;
      fee: number;
      memo?: string;
    }
  | {
      type: 'contract_call';
      /** `<contract id>::<token>` of a fungible or non-fungible token the world knows. */
      asset: string;
      sender: string;
      recipient: string;
      /** Tokens moved, or the NFT's id. */
      amount: number;
      fee: number;
    };

/** A control call the chain refuses, with the status and message to answer it with. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
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
  private builder: ChainBuilder;
  private clock: NodeJS.Timeout | undefined;

  /** `blockSeconds` > 0: each mined block is that many seconds after its parent (a clock's period). */
  constructor(
    private readonly options: WorldOptions,
    private readonly blockSeconds = 0,
  ) {
    this.builder = new ChainBuilder(options);
    this.queries = new WorldQueries(this.builder.build());
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
    return this.builder.current;
  }

  tip(): Tip {
    const height = tipHeight(this.chain);
    return { height, hash: this.chain.blocks.hex(BlockKey.Hash, height - 1) };
  }

  mine(blocks = 1): Tip {
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_MINED_AT_ONCE)
      throw new ControlError(400, `blocks must be an integer from 1 to ${MAX_MINED_AT_ONCE}, got ${blocks}`);
    for (let i = 0; i < blocks; i++) this.builder.mine(this.step());
    this.queries.advance();
    return this.tip();
  }

  /** Puts the transaction in the mempool, as a node would accept it; the next block mines it. */
  submit(request: SubmitRequest): { tx_id: string } {
    const tx = this.draft(request);
    const memo = request.type === 'token_transfer' ? memoHex(request.memo) : undefined;
    const txId = this.builder.submit(tx, memo);
    this.queries.advance();
    return { tx_id: txId };
  }

  reorg(depth: number): Tip {
    const reach = this.builder.reorgReach();
    if (!Number.isInteger(depth) || depth < 1 || depth > reach)
      throw new ControlError(
        400,
        `depth must be an integer from 1 to ${reach} (the blocks kept for reorgs), got ${depth}`,
      );
    this.builder.reorg(depth, this.step());
    this.queries.replace(this.chain);
    return this.tip();
  }

  /** Back to the state at start: the same world, built again from the same options. */
  reset(): Tip {
    this.builder = new ChainBuilder(this.options);
    this.queries.replace(this.builder.build());
    return this.tip();
  }

  private step(): number | undefined {
    return this.blockSeconds > 0 ? this.blockSeconds : undefined;
  }

  private draft(request: SubmitRequest): UserTx {
    const chain = this.chain;
    const sender = this.principal(request.sender, 'sender', false);
    const recipient = this.principal(request.recipient, 'recipient', true);
    if (sender === recipient) throw new ControlError(400, 'sender and recipient must differ');
    const { ledger, burnHeight } = this.builder.draftContext;
    const tx: UserTx = {
      action: Action.StxTransfer,
      status: Status.Pending,
      sender,
      sponsor: -1,
      fee: request.fee,
      contract: -1,
      peer: recipient,
      amount: request.amount,
      aux: 0,
      deny: false,
    };
    const spendable = ledger.spendable(sender, burnHeight);
    const stxNeeded = request.type === 'token_transfer' ? request.amount + request.fee : request.fee;
    if (spendable < stxNeeded)
      throw new ControlError(
        400,
        `sender ${request.sender} cannot pay ${request.type === 'token_transfer' ? 'amount + fee' : 'the fee'} (${stxNeeded} micro-STX): ${Math.max(0, spendable)} spendable after its pending transactions`,
      );
    if (request.type === 'token_transfer') return tx;
    const contract = chain.contracts.find((c) => c.assetId === request.asset && !c.pending);
    if (!contract || (contract.kind !== ContractKind.Ft && contract.kind !== ContractKind.Nft))
      throw new ControlError(
        400,
        `asset ${request.asset} is not a token this world knows (see /_mock/world)`,
      );
    if (contract.kind === ContractKind.Ft) {
      const held = ledger.ftOf(contract.index, sender);
      if (held < request.amount)
        throw new ControlError(
          400,
          `sender ${request.sender} holds ${held} of ${request.asset}, not ${request.amount}`,
        );
      return { ...tx, action: Action.FtTransfer, contract: contract.index };
    }
    if (ledger.nftOwner(contract.index, request.amount) !== sender)
      throw new ControlError(
        400,
        `sender ${request.sender} does not own ${request.asset} #${request.amount}`,
      );
    return { ...tx, action: Action.NftTransfer, contract: contract.index };
  }

  /** A principal by address; a recipient the world has never seen joins it. */
  private principal(address: string, role: string, mayBeNew: boolean): number {
    const principals = this.chain.principals;
    const known = principals.find(address);
    const prefixes = this.options.network === 'mainnet' ? ['SP', 'SM'] : ['ST', 'SN'];
    if (!prefixes.some((p) => address.startsWith(p)))
      throw new ControlError(400, `${role} ${address} is not a ${this.options.network} address`);
    if (known >= 0) return known;
    if (!mayBeNew) throw new ControlError(400, `sender ${address} has no STX: the world has never seen it`);
    if (address.includes('.'))
      throw new ControlError(400, `recipient ${address} is a contract this world does not know`);
    return principals.addStandard(address);
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
