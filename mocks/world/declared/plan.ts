import type { Amount } from '../amount.ts';
import type { TxOutcome } from '../../clarity/engine.ts';
import type { ClarityText, FunctionParam } from '../tables/clarity-txs.ts';
import type { Status } from '../tables/kinds.ts';
import type { VestingEntry } from '../tables/vesting.ts';
import type { CompiledWorldFile } from './compile.ts';

/**
 * A world file compiled to what the chain builder needs: every principal resolved to its address
 * or contract id, every amount to micro-units (`Amount`, exact to 2^128 − 1), every entry keeping its line in the
 * file so that a problem found while building can still name it.
 */
export interface DeclaredWorld {
  readonly accounts: readonly DeclaredAccount[];
  readonly tokens: readonly DeclaredToken[];
  /** Contracts of the file's own source, deployed at their heights, run in the Clarity engine. */
  readonly contracts: readonly DeclaredContract[];
  /** Mined transactions, sorted by height; file order within a height. */
  readonly transactions: readonly DeclaredTx[];
  /** Pending at start, in file order. */
  readonly mempool: readonly DeclaredTx[];
  /** Tenure extensions, by height (at most one a height). */
  readonly tenureChanges: readonly DeclaredTenureChange[];
  /** BNS names, each registered by one of its owner's declared transactions. */
  readonly names: readonly DeclaredName[];
  /** Declared accounts also take part in the seeded background activity. */
  readonly background: boolean;
  /**
   * In the plan of a file with problems (WorldFileError's `partial`): the principals its broken
   * entries would have credited (or, an account's own problem, funded), whose shortfalls as a
   * payer may only follow from those entries and are left out.
   */
  readonly tainted?: readonly string[];
  /**
   * What the Clarity engine did with the file's own contracts and calls, by entry
   * (`contracts[0]`, `transactions[4]`): recorded by the one build that ran them in the engine
   * (world/run/declared-contracts.ts), replayed by every build after it (a reset, a restored
   * world's first change), which then needs no engine.
   */
  readonly contractRuns?: Readonly<Record<string, ContractRun>>;
}

/** What the engine did with a deployment or call of the file, and a call's parameters as its contract's interface types them. */
export interface ContractRun {
  readonly outcome: TxOutcome;
  readonly params?: readonly FunctionParam[];
}

export interface DeclaredContract extends EntryRef {
  /** `<deployer address>.<contract name>` */
  readonly contractId: string;
  readonly deployer: string;
  readonly name: string;
  readonly source: string;
  readonly height: number;
  readonly fee: number;
  /** The versioned deployment's Clarity version; null: the epoch's. */
  readonly clarityVersion: number | null;
}

/** Where an entry sits in the file, for messages: `transactions[2]` at line 14. */
export interface EntryRef {
  readonly entry: string;
  readonly line: number;
}

export interface DeclaredAccount extends EntryRef {
  readonly name: string;
  readonly address: string;
  /** The private key the file asked for (`test_key: true`), hex: the address is its. */
  readonly testKey?: string;
  /** Micro-STX credited by the genesis transaction. */
  readonly stx: Amount;
  readonly vesting: readonly VestingEntry[];
}

export interface DeclaredToken extends EntryRef {
  /** `<deployer address>.<contract name>` */
  readonly contractId: string;
  readonly deployer: string;
  readonly name: string;
  readonly token: string;
  readonly kind: 'ft' | 'nft';
  /** An FT's `get-decimals`, when the file gives it. */
  readonly decimals?: number;
  /** Minted when the contract is deployed at height 1: FT amounts, or one entry per NFT id. */
  readonly holders: readonly { readonly principal: string; readonly amount: Amount }[];
}

export type DeclaredTxType = 'stx_transfer' | 'ft_transfer' | 'nft_transfer' | 'stack_stx' | 'contract_call';

export interface DeclaredTx extends EntryRef {
  readonly type: DeclaredTxType;
  /** Block height; for mempool entries, 0. */
  readonly height: number;
  readonly sender: string;
  /** Address or contract id; '' for stacking. */
  readonly recipient: string;
  /** Pays the fee when set. */
  readonly sponsor: string;
  /** Contract id of the token moved, or of the contract a contract_call calls; '' for STX. */
  readonly contract: string;
  /** contract_call: the public function, and the arguments parsed from their literals. */
  readonly fn: string;
  readonly args: readonly ClarityText[];
  /** Micro-units moved or locked, or the NFT id. */
  readonly amount: Amount;
  readonly fee: number;
  /** How it was mined: Success, AbortByResponse or ProblematicSkipped (fee paid, nothing moves). */
  readonly outcome: Status;
  /** Lock period of a stacking transaction, in reward cycles. */
  readonly cycles: number;
  /** The post-condition mode and v9's post-conditions, as the transaction table's flag bits (`PcFlag`). */
  readonly pcFlags: number;
  /** Mempool entries: the index of the earlier entry whose payer nonce this one takes; -1 for none. */
  readonly replaces: number;
}

/** A BNS name of the file's: its owner's first successful transaction at `height` registers it. */
export interface DeclaredName extends EntryRef {
  /** `<name>.<namespace>` */
  readonly name: string;
  readonly namespace: string;
  /** The owner's address. */
  readonly owner: string;
  /** 0: the owner's first successful transaction registers it, at whatever height. */
  readonly height: number;
  /** Its zone file; '' for the one the world writes. */
  readonly zonefile: string;
}

export interface DeclaredTenureChange extends EntryRef {
  readonly height: number;
  /** The cause's code (`TENURE_CAUSES`), 1 or more: an extension of the tenure under way. */
  readonly cause: number;
}

/**
 * Problems found in a world file, each already one line naming the entry and its line. `partial`:
 * the file's plan without its broken entries, where the chain builder can still look for the
 * problems only a running ledger finds, so that one reading reports them all.
 */
export class WorldFileError extends Error {
  constructor(
    readonly problems: readonly string[],
    readonly partial?: CompiledWorldFile,
  ) {
    super(problems.join('\n'));
    this.name = 'WorldFileError';
  }
}

/** One problem's line: `line 14: transactions[2]: alice cannot pay …`. */
export function problemAt(ref: EntryRef, message: string): string {
  return `line ${ref.line}: ${ref.entry}: ${message}`;
}

/** Problems sorted by their line (a stable sort: one line's problems keep their order). */
export function inFileOrder(problems: readonly string[]): string[] {
  const line = (p: string): number => Number(/^line (\d+)/.exec(p)?.[1] ?? 0);
  return [...problems].sort((a, b) => line(a) - line(b));
}
