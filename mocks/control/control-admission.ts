import { amountOf, bigAmount, MAX_STX_TRANSFER } from '../world/amount.ts';
import type { Chain } from '../world/tables/chain.ts';
import { Action, ContractKind, Status } from '../world/tables/kinds.ts';
import type { DraftContext, TxIntent } from '../world/generate/draft-tx.ts';
import {
  ControlError,
  type CheckedSubmit,
  type ControlChecks,
  type SubmitRequest,
} from './control-requests.ts';

/**
 * What the control plane's mine, reorg and submit calls admit, before anything changes: the
 * counts within the control spec's limits (mocks/control/openapi.yaml, read through
 * `ControlChecks`), and a submitted transaction as a node would accept it from the ledger as it
 * stands. A signed transaction's admission (`POST /v2/transactions`) is admission.ts's.
 */

/** The blocks one mine call mines: an integer from 1 to the control spec's `MineRequest.blocks` maximum. */
export function admitMined(blocks: number, checks: ControlChecks): number {
  const most = checks.limit('MineRequest', 'blocks');
  if (!Number.isInteger(blocks) || blocks < 1 || blocks > most)
    throw new ControlError(400, `blocks must be an integer from 1 to ${most}, got ${blocks}`);
  return blocks;
}

/**
 * The blocks a reorg replaces: an integer from 1 to the control spec's `ReorgRequest.depth`
 * maximum, and never past `reach`, the blocks the chain keeps checkpoints for.
 */
export function admitReorg(depth: number, reach: number, checks: ControlChecks): number {
  const most = Math.min(reach, checks.limit('ReorgRequest', 'depth'));
  if (!Number.isInteger(depth) || depth < 1 || depth > most)
    throw new ControlError(
      400,
      `depth must be an integer from 1 to ${most} (the blocks kept for reorgs), got ${depth}`,
    );
  return depth;
}

/**
 * The request with a world file's account names (`"sender": "bob"`, as the world file and the
 * home page call its accounts) replaced by their addresses; anything else as it came.
 */
export function byAddress(request: SubmitRequest, chain: Chain): SubmitRequest {
  const accounts = chain.options.declared?.accounts ?? [];
  if (accounts.length === 0 || request === null || typeof request !== 'object') return request;
  const address = (value: unknown): unknown =>
    typeof value === 'string' ? (accounts.find((a) => a.name === value)?.address ?? value) : value;
  return {
    ...request,
    sender: address(request.sender),
    recipient: address(request.recipient),
  } as SubmitRequest;
}

/** A token transfer's memo field on the wire: always 34 bytes. */
const MEMO_BYTES = 34;

/** A memo as its 34 bytes, the UTF-8 text then zeros; the text at most the control spec's `memo` length, in bytes. */
export function memoHex(memo: string | undefined, checks: ControlChecks): string | undefined {
  if (memo === undefined) return undefined;
  const most = Math.min(MEMO_BYTES, checks.limit('TokenTransfer', 'memo'));
  const bytes = new TextEncoder().encode(memo);
  if (bytes.length > most)
    throw new ControlError(400, `memo must be at most ${most} bytes in UTF-8, got ${bytes.length}`);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `0x${hex}${'00'.repeat(MEMO_BYTES - bytes.length)}`;
}

/** What a submitted transaction is checked against: the chain and the ledger as they stand. */
export interface SubmitContext {
  readonly chain: Chain;
  readonly draft: Pick<DraftContext, 'ledger' | 'burnHeight'>;
}

/**
 * The transaction a node would accept, checked against the ledger as it stands (pending spends
 * held back), amounts compared exactly. Every check comes before the one change a draft makes,
 * registering a recipient the world has never seen, so a refused request leaves the chain as it was.
 */
export function admitSubmit(request: CheckedSubmit, ctx: SubmitContext): TxIntent {
  const { chain } = ctx;
  const sender = senderOf(chain, request.sender);
  const recipient = recipientOf(chain, request.recipient);
  if (request.sender === request.recipient) throw new ControlError(400, 'sender and recipient must differ');
  const { ledger, burnHeight } = ctx.draft;
  const spendable = ledger.spendable(sender, burnHeight);
  const transfer = request.type === 'token_transfer';
  const stxNeeded = transfer ? request.amount + request.fee : request.fee;
  if (bigAmount(spendable) < stxNeeded)
    throw new ControlError(
      400,
      `sender ${request.sender} cannot pay ${transfer ? 'amount + fee' : 'the fee'} (${stxNeeded} micro-STX): ${spendable > 0 ? spendable : 0} spendable after its pending transactions`,
    );
  if (transfer && request.amount > MAX_STX_TRANSFER)
    throw new ControlError(
      400,
      `amount ${request.amount} is past ${MAX_STX_TRANSFER} (2^64 - 1): a token transfer's payload holds a u64`,
    );
  const token = transfer ? undefined : tokenOf(request, sender, ctx);
  // Amounts are exact to 2^128 − 1 (`Amount`); the tables keep a fee as a number, exact to 2^53 − 1.
  if (request.fee > BigInt(Number.MAX_SAFE_INTEGER))
    throw new ControlError(
      400,
      `fee ${request.fee} is past what this mock's tables hold exactly (${Number.MAX_SAFE_INTEGER})`,
    );
  return {
    action: token?.action ?? Action.StxTransfer,
    status: Status.Pending,
    sender,
    sponsor: -1,
    fee: Number(request.fee),
    contract: token?.contract ?? -1,
    peer: recipient >= 0 ? recipient : chain.principals.addStandard(request.recipient),
    amount: amountOf(request.amount),
    aux: 0,
    deny: false,
  };
}

/** The FT or NFT a contract call moves, once the sender is known to hold what it sends. */
function tokenOf(
  request: CheckedSubmit & { type: 'contract_call' },
  sender: number,
  { chain, draft: { ledger } }: SubmitContext,
): { action: Action; contract: number } {
  const contract = chain.contracts.find((c) => c.assetId === request.asset && !c.pending);
  if (!contract || (contract.kind !== ContractKind.Ft && contract.kind !== ContractKind.Nft))
    throw new ControlError(400, `asset ${request.asset} is not a token this world knows (see /_mock/world)`);
  if (contract.kind === ContractKind.Ft) {
    const held = ledger.ftOf(contract.index, sender);
    if (bigAmount(held) < request.amount)
      throw new ControlError(
        400,
        `sender ${request.sender} holds ${held} of ${request.asset}, not ${request.amount}`,
      );
    return { action: Action.FtTransfer, contract: contract.index };
  }
  const id = request.amount <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(request.amount) : -1;
  if (id < 0 || ledger.nftOwner(contract.index, id) !== sender)
    throw new ControlError(400, `sender ${request.sender} does not own ${request.asset} #${request.amount}`);
  return { action: Action.NftTransfer, contract: contract.index };
}

/** A sender the world knows, by address: a standard one, as only an account signs a transaction. */
function senderOf(chain: Chain, address: string): number {
  onNetwork(chain, address, 'sender');
  if (address.includes('.'))
    throw new ControlError(
      400,
      `sender ${address} is a contract: a transaction's sender is a standard address`,
    );
  const known = chain.principals.find(address);
  if (known < 0) throw new ControlError(400, `sender ${address} has no STX: the world has never seen it`);
  return known;
}

/** A recipient by address; -1 for a standard address the world has never seen (a draft registers it last). */
function recipientOf(chain: Chain, address: string): number {
  onNetwork(chain, address, 'recipient');
  const known = chain.principals.find(address);
  if (known < 0 && address.includes('.'))
    throw new ControlError(400, `recipient ${address} is a contract this world does not know`);
  return known;
}

function onNetwork(chain: Chain, address: string, role: string): void {
  const { network } = chain.options;
  const prefixes = network === 'mainnet' ? ['SP', 'SM'] : ['ST', 'SN'];
  if (!prefixes.some((p) => address.startsWith(p)))
    throw new ControlError(400, `${role} ${address} is not a ${network} address`);
}
