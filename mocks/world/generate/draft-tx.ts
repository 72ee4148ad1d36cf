import type { Amount } from '../amount.ts';
import type { Contract } from '../tables/contracts.ts';
import { Action, ContractKind, Status, txTypeOf, type AnchorMode, type TxType } from '../tables/kinds.ts';
import { DRAFTERS } from './drafters.ts';
import type { Ledger } from './ledger.ts';
import { pickPayer } from './picks.ts';
import { weightsTotal, type Rng } from '../rng.ts';

/**
 * What a transaction does and who signs it, before the chain places it: its nonces, id, height and
 * position come later. Every kind is one: a user's transfer or call, a miner's coinbase and tenure
 * change, the boot deploys, a world file's declared transactions.
 */
export interface TxIntent {
  action: Action;
  status: Status;
  sender: number;
  sponsor: number;
  fee: number;
  contract: number;
  peer: number;
  amount: Amount;
  aux: number;
  deny: boolean;
  /** Flag bits a world file declares (`PcFlag`: originator mode, v9's post-conditions). */
  pcFlags?: number;
  /** For deployments: the kind of contract to create. */
  deployKind?: ContractKind;
  /** A transaction a wallet signed: its id is the hash of its bytes, its anchor mode its own. */
  signed?: SignedParts;
  /** The nonce it carries, where it is not its sender's next (a boot deployment's: 0, as the node signs each). */
  nonce?: number;
}

/** What a signed transaction fixes that the world would otherwise draw. */
export interface SignedParts {
  /** The txid: sha512/256 of the transaction's bytes, 32 bytes. */
  readonly id: Uint8Array;
  readonly anchorMode: AnchorMode;
  /** The origin's nonce, and the sponsor's (0 when not sponsored), as signed. */
  readonly nonce: number;
  readonly sponsorNonce: number;
}

export interface DraftRequest {
  action: Action;
  status?: Status;
  sponsored?: boolean;
  /** FT mints: fund a vault (swap liquidity) rather than an account. */
  toVault?: boolean;
  kind?: ContractKind;
}

export interface DeployedContracts {
  readonly ft: number[];
  readonly nft: number[];
  readonly vault: number[];
  readonly plain: number[];
}

export interface DraftContext {
  readonly rng: Rng;
  readonly ledger: Ledger;
  /** Standard accounts; picks favour the first ones, so activity is uneven. */
  readonly accounts: readonly number[];
  readonly contracts: readonly Contract[];
  readonly deployed: DeployedContracts;
  readonly poxContract: number;
  /** The network's `stackingMinimumDivisor` (tables/network.ts). */
  readonly stackingMinimumDivisor: number;
  readonly memoCount: number;
  readonly burnHeight: number;
  isContract(principal: number): boolean;
}

const RANDOM_ACTIONS: readonly (readonly [Action, number])[] = [
  [Action.StxTransfer, 30],
  [Action.FtTransfer, 14],
  [Action.FtMint, 4],
  [Action.FtBurn, 2],
  [Action.NftTransfer, 8],
  [Action.NftMint, 6],
  [Action.NftBurn, 1],
  [Action.VaultDeposit, 4],
  [Action.VaultWithdraw, 3],
  [Action.VaultSwap, 4],
  [Action.StxBurn, 1],
  [Action.StackStx, 0.6],
  [Action.Deploy, 0.6],
  [Action.PoisonMicroblock, 0.3],
];
const RANDOM_WEIGHTS = RANDOM_ACTIONS.map(([, w]) => w);
const RANDOM_TOTAL = weightsTotal(RANDOM_WEIGHTS);

/** Only simple calls travel in microblocks here. */
const MICROBLOCK_ACTIONS: readonly Action[] = [
  Action.StxTransfer,
  Action.StxTransfer,
  Action.FtTransfer,
  Action.NftTransfer,
  Action.VaultDeposit,
];

/** Per action, whether a seeded one may fail: an array read, drafted for every transaction. */
const FAILABLE: boolean[] = [];
for (const action of [
  Action.FtTransfer,
  Action.FtMint,
  Action.FtBurn,
  Action.NftTransfer,
  Action.NftMint,
  Action.VaultDeposit,
  Action.VaultWithdraw,
  Action.VaultSwap,
])
  FAILABLE[action] = true;

export function randomAction(rng: Rng): Action {
  return (RANDOM_ACTIONS[rng.weighted(RANDOM_WEIGHTS, RANDOM_TOTAL)] as readonly [Action, number])[0];
}

export function randomMicroblockAction(rng: Rng): Action {
  return rng.pick(MICROBLOCK_ACTIONS);
}

/**
 * Drafts a feasible transaction for the request, or undefined when none fits the balances now.
 * `into`: an intent to fill anew instead of a new one (`ReusedDrafts`).
 */
export function draftUserTx(ctx: DraftContext, req: DraftRequest, into?: TxIntent): TxIntent | undefined {
  const { rng } = ctx;
  const type = txTypeOf(req.action);
  const sponsored =
    req.sponsored ?? ((type === 'token_transfer' || type === 'contract_call') && rng.chance(0.06));
  const fee = feeFor(rng, type);
  let status = req.status ?? (FAILABLE[req.action] === true ? randomOutcome(rng) : Status.Success);
  // Mints carry no post-conditions, so nothing about them can fail one.
  if (
    status === Status.AbortByPostCondition &&
    (req.action === Action.FtMint || req.action === Action.NftMint)
  ) {
    status = Status.AbortByResponse;
  }
  const ownFee = sponsored ? 0 : fee;
  const drafter = DRAFTERS[req.action];
  if (!drafter) throw new Error(`not a user action: ${req.action}`);
  const tx = into ?? blankIntent();
  tx.action = req.action;
  tx.status = status;
  tx.sender = -1;
  tx.sponsor = -1;
  tx.fee = fee;
  tx.contract = -1;
  tx.peer = -1;
  tx.amount = 0;
  tx.aux = 0;
  tx.deny = false;
  tx.deployKind = undefined;
  if (!drafter(ctx, req, ownFee, tx)) return undefined;
  if (sponsored) {
    const sponsor = pickPayer(ctx, fee, tx.sender);
    if (sponsor < 0) return undefined;
    tx.sponsor = sponsor;
  }
  return tx;
}

/**
 * Drafts into one request and one intent, filled again for each draft: for a caller done with an
 * intent before its next draft (the chain builder's block transactions, ten million intents fewer
 * for the collector at mainnet size).
 */
export class ReusedDrafts {
  private readonly request: DraftRequest = { action: Action.StxTransfer };
  private readonly intent = blankIntent();

  /** Drafts `req` (a request, or an action alone) as `draftUserTx` does; the intent is valid until the next call. */
  draft(ctx: DraftContext, req: DraftRequest | Action): TxIntent | undefined {
    if (typeof req === 'object') return draftUserTx(ctx, req, this.intent);
    this.request.action = req;
    return draftUserTx(ctx, this.request, this.intent);
  }
}

/** A successful transaction with no fee, sponsor, contract or party: what a declared row or the chain itself (a miner's, the boot address's) starts from. */
export function bare(action: Action, sender: number, amount = 0, aux = 0): TxIntent {
  return {
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
}

/** An intent with every field a draft sets, `deployKind` too, in one order: every drafted intent has one shape. */
export function blankIntent(): TxIntent {
  return { ...bare(Action.StxTransfer, -1), deployKind: undefined };
}

function feeFor(rng: Rng, type: TxType): number {
  switch (type) {
    case 'token_transfer':
      return rng.range(180, 3000);
    case 'smart_contract':
      return rng.range(20_000, 400_000);
    case 'poison_microblock':
      return rng.range(1000, 5000);
    default:
      return rng.range(1000, 60_000);
  }
}

function randomOutcome(rng: Rng): Status {
  const x = rng.next();
  return x < 0.04 ? Status.AbortByResponse : x < 0.06 ? Status.AbortByPostCondition : Status.Success;
}
