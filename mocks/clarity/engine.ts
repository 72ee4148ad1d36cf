// The Clarity engine's facade: what the world and the handlers ask of it. Values cross it in the
// node's wire form (a Clarity value's consensus serialization as 0x-hex), so a route passes a
// request's arguments through and answers the engine's bytes as they are.

/** A Clarity value's consensus serialization, 0x-prefixed hex, as the node's RPC carries it. */
export type ClarityHex = string;

/** `<address>.<name>`. */
export type ContractId = string;

/** A contract's interface as a stacks-node serves it (`GET /v2/contracts/interface/…`). */
export interface ContractInterface {
  functions: readonly {
    name: string;
    access: 'private' | 'public' | 'read_only';
    args: readonly unknown[];
    outputs: unknown;
  }[];
  variables: readonly { name: string; type: unknown; access: 'constant' | 'variable' }[];
  maps: readonly { name: string; key: unknown; value: unknown }[];
  fungible_tokens: readonly { name: string }[];
  non_fungible_tokens: readonly { name: string; type: unknown }[];
  epoch: string;
  clarity_version: string;
}

export interface ContractSource {
  source: string;
  /** The stacks height of the block that deployed it. */
  publishHeight: number;
  clarityVersion: number;
}

/** A read-only call's answer, as `POST /v2/contracts/call-read` words it. */
export type ReadOnlyAnswer = { okay: true; result: ClarityHex } | { okay: false; cause: string };

/** One event a transaction emitted, in the node's event-observer words. */
export interface EngineEvent {
  /** `print_event`, `stx_transfer_event`, `ft_mint_event`, `nft_transfer_event`, … */
  type: string;
  /** The event's fields as the engine gives them (amounts as decimal strings, values as 0x-hex). */
  data: Record<string, unknown>;
}

/** What running a transaction did. */
export interface TxOutcome {
  /** The transaction's result: `(ok …)` or `(err …)` for a call, `true` for a deploy. */
  result: ClarityHex;
  /** false when the result is an `(err …)`: the node rolls the transaction back (abort_by_response). */
  committed: boolean;
  events: readonly EngineEvent[];
  /** What it cost, in the API's order: read count, read length, runtime, write count, write length. */
  costs?: readonly [number, number, number, number, number];
}

/** A transaction as the engine runs it. */
export type EngineTx =
  | { kind: 'deploy'; sender: string; name: string; source: string; clarityVersion?: number }
  | { kind: 'call'; sender: string; contract: ContractId; fn: string; args: readonly ClarityHex[] }
  | { kind: 'transfer'; sender: string; recipient: string; amount: bigint };

/**
 * A Clarity chain in memory, started with the node's boot contracts (pox-4, the costs, BNS).
 * Every method is synchronous once `startEngine` has resolved. Heights are stacks heights; `at`
 * reads as of the end of that block (omitted: the tip).
 */
export interface ClarityEngine {
  /** The engine's own chain: its stacks and burn heights. */
  readonly tip: { readonly height: number; readonly burnHeight: number };
  /** The boot contracts' deployer: `SP000000000000000000002Q6VF78` (mainnet). */
  readonly bootAddress: string;
  /**
   * The chain id Clarity's `chain-id` reads, which signatures of structured data (pox-4's signer
   * signatures) are bound to: the simnet's is testnet's, 0x80000000, its addresses mainnet's.
   */
  readonly chainId: number;
  /**
   * Mines one block at the next stacks height on `burnHeight` (never lower than the tip's),
   * running `txs` in order; an outcome per transaction. A transaction that cannot run at all (a
   * contract that does not analyse, an unknown function, bad arguments) throws `EngineRefusal`.
   */
  mineBlock(txs: readonly EngineTx[], burnHeight?: number): TxOutcome[];
  /** Empty blocks up to stacks height `height` (and burn height `burnHeight`). */
  advanceTo(height: number, burnHeight?: number): void;
  /** Credits micro-STX out of thin air: the genesis allocations, the faucet. */
  mintStx(recipient: string, amount: bigint): void;
  callReadOnly(
    contract: ContractId,
    fn: string,
    args: readonly ClarityHex[],
    sender: string,
    at?: number,
  ): ReadOnlyAnswer;
  /** The variable's value, or undefined for an unknown contract or variable. */
  dataVar(contract: ContractId, name: string, at?: number): ClarityHex | undefined;
  /** `(some value)` or `none`, serialized; undefined for an unknown contract or map. */
  mapEntry(contract: ContractId, map: string, key: ClarityHex, at?: number): ClarityHex | undefined;
  constant(contract: ContractId, name: string): ClarityHex | undefined;
  contractInterface(contract: ContractId): ContractInterface | undefined;
  source(contract: ContractId): ContractSource | undefined;
  /** The contracts deployed on this engine (the boot contracts are there, not listed). */
  contracts(): readonly ContractId[];
}

/** A transaction the engine cannot run at all; `message` is the engine's one line. */
export class EngineRefusal extends Error {
  readonly code = 'engine_refusal';
  constructor(message: string) {
    super(message);
    this.name = 'EngineRefusal';
  }

  /** It ran past the block's cost limits: a node's miner leaves it out of every block. */
  get tooExpensive(): boolean {
    return this.message.includes('CostBalanceExceeded');
  }

  /**
   * The reason alone, as a node records it in `vm_error`: without the engine's preamble naming
   * the call or deployment (`… -> `).
   */
  get reason(): string {
    const at = this.message.lastIndexOf(' -> ');
    return at < 0 ? this.message : this.message.slice(at + 4);
  }
}
