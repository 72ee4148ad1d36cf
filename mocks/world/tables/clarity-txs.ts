import type { Amount } from '../amount.ts';
import type { EventKind, Status } from './kinds.ts';

/** A Clarity value as the API shows it: its consensus serialization (0x-hex) and printed form. */
export interface ClarityText {
  readonly hex: string;
  readonly repr: string;
}

/** A parameter of a public function, as the contract's interface names and types it. */
export interface FunctionParam {
  readonly name: string;
  /** Its Clarity type as source writes it: `uint`, `(buff 34)`, `(optional principal)`, … */
  readonly type: string;
}

/** What a transaction only the Clarity engine can run does, as its bytes say. */
export type ClarityPayload =
  | {
      readonly kind: 'deploy';
      /** `<sender>.<name>` */
      readonly contract: string;
      readonly source: string;
      /** The versioned payload's Clarity version; null for an unversioned one. */
      readonly clarityVersion: number | null;
    }
  | {
      readonly kind: 'call';
      readonly contract: string;
      readonly fn: string;
      readonly args: readonly ClarityText[];
      readonly params: readonly FunctionParam[];
    };

/** One event of a transaction the engine ran, in the world's terms (see `ChainEvent`). */
export interface RecordedEvent {
  readonly kind: EventKind;
  /** -1 for none (a mint's sender, a burn's recipient, a print's parties). */
  readonly sender: number;
  readonly recipient: number;
  /** The asset's contract, or the contract that printed. */
  readonly contract: number;
  /** Micro-units moved, micro-STX locked, or an NFT's id; 0 for a print. */
  readonly amount: Amount;
  /** What a print printed, or an NFT event's value. */
  readonly value?: ClarityText;
}

/** What a mined block's run of the transaction in the engine did. */
export interface ClarityOutcome {
  /** Success, AbortByResponse or AbortByPostCondition. */
  readonly status: Status;
  /** What it returned: for a post-condition abort, what it would have returned. */
  readonly result: ClarityText;
  /** The node's reason for an abort it explains (a failed post-condition, a deploy that does not analyse). */
  readonly vmError: string | null;
  /** Its events when it succeeded; none otherwise (nothing it did stays). */
  readonly events: readonly RecordedEvent[];
  /** What it cost, as the engine counted: read count, read length, runtime, write count, write length. */
  readonly costs?: readonly [number, number, number, number, number];
}

/**
 * A transaction a user broadcast (or a world file declared) that only the Clarity engine can run:
 * a contract deployment, or a call to a function the mock derives nothing of. The chain's columns hold its parties,
 * fee, nonce and status like any other's; what they cannot hold is kept here.
 */
export interface ClarityTx {
  readonly payload: ClarityPayload;
  /** The post-conditions as signed, each serialized (hex), in their order. */
  readonly postConditions: readonly string[];
  /** The transaction's bytes as broadcast, 0x-hex; none for a world file's own (serialized as the world's are). */
  readonly raw?: string;
  /** Set by the block that mines it (again by another after a reorg). */
  outcome?: ClarityOutcome;
}

/** The chain's engine-run transactions, by transaction id (0x-hex): a plain record, so a snapshot copies it. */
export type ClarityTxs = Record<string, ClarityTx>;
