import {
  addressHashModeToVersion,
  addressToString,
  AnchorMode as WireAnchorMode,
  AuthType,
  ClarityType,
  deserializeTransaction,
  isSingleSig,
  nextVerification,
  addressFromPublicKeys,
  PayloadType,
  PostConditionMode,
  type ClarityValue,
  type SpendingCondition,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { AddressVersion, ChainId, TransactionVersion } from '@stacks/network';
import { hexToBytes } from '@noble/hashes/utils';
import { c32address } from 'c32check';
import type { Chain } from '../world/tables/chain.ts';
import type { Contract } from '../world/tables/contracts.ts';
import type { TxIntent } from '../world/generate/draft-tx.ts';
import type { Ledger } from '../world/generate/ledger.ts';
import { Action, AnchorMode, ContractKind, Status } from '../world/tables/kinds.ts';
import { NodeRejection, Undecodable } from '../operations/node-refusals.ts';
import { pendingInSlot } from '../query/replace-by-fee.ts';
import { reservation } from '../world/generate/build-mempool.ts';

export { NodeRejection, Undecodable } from '../operations/node-refusals.ts';

/** What admission reads of the living chain, as it stands (pending spends held back). */
export interface AdmissionState {
  readonly chain: Chain;
  readonly ledger: Ledger;
  readonly burnHeight: number;
  nonces(principal: number): { mined: number; next: number };
}

/** A transaction the mempool takes, and the memo its row shows. */
export interface Admitted {
  readonly intent: TxIntent;
  /** 34 bytes as `0x` hex, for a token transfer. */
  readonly memo: string | undefined;
  /** `0x` and 64 hex digits. */
  readonly txid: string;
  /** The recipient, when it is a standard address the world has never seen: registered when the transaction is taken. */
  readonly newPeer: string | undefined;
  /** The mempool row of the pending transaction this one replaces by fee, if any. */
  readonly replaces: number | undefined;
}

/** The smallest fee a node relays: 1 micro-STX a byte (MINIMUM_TX_FEE_RATE_PER_BYTE). */
const MIN_FEE_PER_BYTE = 1n;

const ANCHOR: Record<number, AnchorMode> = {
  [WireAnchorMode.OnChainOnly]: AnchorMode.OnChainOnly,
  [WireAnchorMode.OffChainOnly]: AnchorMode.OffChainOnly,
  [WireAnchorMode.Any]: AnchorMode.Any,
};

/** The transaction's bytes decoded as a node decodes them, or the node's text refusal. */
export function decodeTransaction(bytes: Uint8Array): StacksTransactionWire {
  if (bytes.length === 0) throw new Undecodable('Failed to deserialize posted transaction: empty body');
  try {
    return deserializeTransaction(bytes);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Undecodable(`Failed to deserialize posted transaction: ${why}`);
  }
}

/**
 * The checks of a stacks-node's mempool admission (`MemPoolDB::will_admit_tx`), in its order,
 * on the chain as it stands: the network's version and chain id, the signatures against the
 * signers' addresses, the relay fee, the nonces (a nonce a pending transaction holds is taken
 * only for a higher fee: replace-by-fee), the payer's funds, a transfer's recipient and amount,
 * a contract call's contract, function and arguments. Reads only: a refusal changes nothing.
 */
export function admit(
  bytes: Uint8Array,
  wire: StacksTransactionWire,
  state: AdmissionState,
  txid: string = wire.txid(),
): Admitted {
  const refuse = (reason: string, data?: Record<string, unknown>): never => {
    throw new NodeRejection(reason, data, txid);
  };
  const { chain } = state;
  const testnet = chain.net.name === 'testnet';
  if (
    wire.transactionVersion !== (testnet ? TransactionVersion.Testnet : TransactionVersion.Mainnet) ||
    wire.chainId !== (testnet ? ChainId.Testnet : ChainId.Mainnet)
  )
    refuse('BadTransactionVersion');
  verifySignatures(wire, refuse);
  const size = BigInt(bytes.length);
  const auth = wire.auth;
  const sponsorCondition = auth.authType === AuthType.Sponsored ? auth.sponsorSpendingCondition : undefined;
  const sponsored = sponsorCondition !== undefined;
  const payerCondition = sponsorCondition ?? auth.spendingCondition;
  const fee = payerCondition.fee;
  if (fee < size * MIN_FEE_PER_BYTE) refuse('FeeTooLow', { expected: Number(size), actual: Number(fee) });
  let newPeer: string | undefined;
  const known = (address: string): number => chain.principals.find(address);
  const peer = (address: string): number => {
    const found = known(address);
    if (found < 0) newPeer = address;
    return found;
  };
  const senderAddress = signerAddress(auth.spendingCondition, chain);
  const sender = known(senderAddress);
  const sponsorAddress = sponsorCondition && signerAddress(sponsorCondition, chain);
  const sponsor = sponsorAddress === undefined ? -1 : known(sponsorAddress);
  const held = checkNonce(state, sender, senderAddress, auth.spendingCondition.nonce, true, refuse);
  const sponsorHeld =
    sponsorCondition !== undefined &&
    sponsorAddress !== undefined &&
    checkNonce(state, sponsor, sponsorAddress, sponsorCondition.nonce, false, refuse);
  const replaces =
    held || sponsorHeld
      ? replaceable(chain, {
          sender,
          nonce: Number(auth.spendingCondition.nonce),
          payer: sponsored ? sponsor : sender,
          payerNonce: Number(payerCondition.nonce),
          fee,
          refuse,
        })
      : undefined;
  // What the replaced transaction held back is the payer's again.
  const released = replaces === undefined ? undefined : reservation(chain.mempool, replaces);
  const spendable = (p: number): bigint => {
    if (p < 0) return 0n;
    const back =
      released === undefined
        ? 0
        : (p === released.payer ? released.fee : 0) +
          (p === chain.mempool.sender[replaces as number] ? released.amount : 0);
    return BigInt(Math.max(0, state.ledger.spendable(p, state.burnHeight) + back));
  };
  const pays = (p: number, amount: bigint): void => {
    const has = spendable(p);
    if (has < amount) refuse('NotEnoughFunds', { expected: u128(amount), actual: u128(has) });
  };
  const payload = wire.payload;
  const base = {
    status: Status.Pending,
    sender,
    sponsor,
    fee: Number(fee),
    aux: 0,
    deny: wire.postConditionMode === PostConditionMode.Deny,
    signed: {
      id: hexToBytes(txid),
      anchorMode: ANCHOR[wire.anchorMode] ?? AnchorMode.Any,
      nonce: Number(auth.spendingCondition.nonce),
      sponsorNonce: Number(sponsorCondition?.nonce ?? 0),
    },
  };
  switch (payload.payloadType) {
    case PayloadType.TokenTransfer: {
      const recipientAddress = principalText(payload.recipient);
      if (recipientAddress === senderAddress)
        refuse('TransferRecipientCannotEqualSender', { recipient: recipientAddress });
      if (payload.amount <= 0n) refuse('TransferAmountMustBePositive');
      checkAddressVersion(recipientAddress, chain, refuse);
      if (sponsored) {
        pays(sender, payload.amount);
        pays(sponsor, fee);
      } else pays(sender, payload.amount + fee);
      const recipient = recipientAddress.includes('.')
        ? contractPrincipal(chain, recipientAddress, refuse)
        : peer(recipientAddress);
      return {
        intent: {
          ...base,
          action: Action.StxTransfer,
          contract: -1,
          peer: recipient,
          amount: exact(payload.amount, refuse),
        },
        memo: memoHex(payload.memo.content),
        txid: `0x${txid}`,
        newPeer,
        replaces,
      };
    }
    case PayloadType.ContractCall: {
      pays(sponsored ? sponsor : sender, fee);
      const contractId = `${addressToString(payload.contractAddress)}.${payload.contractName.content}`;
      const contract = chain.contracts.find((c) => c.id === contractId && !c.pending);
      if (!contract) return refuse('NoSuchContract');
      const call = callOf(contract, payload.functionName.content, payload.functionArgs, {
        chain,
        senderAddress,
        peer,
        refuse,
      });
      checkHoldings(state, contract, call, sender, sponsored ? 0n : fee, spendable, refuse);
      return {
        intent: {
          ...base,
          action: call.action,
          contract: contract.index,
          peer: call.peer,
          amount: call.amount,
        },
        memo: undefined,
        txid: `0x${txid}`,
        newPeer,
        replaces,
      };
    }
    case PayloadType.Coinbase:
    case PayloadType.CoinbaseToAltRecipient:
    case PayloadType.NakamotoCoinbase:
      return refuse('NoCoinbaseViaMempool');
    case PayloadType.TenureChange:
      return refuse('NoTenureChangeViaMempool');
    default:
      return refuse('ServerFailureOther', {
        message:
          'this mock admits token transfers and contract calls only: it cannot run a new contract or a poison-microblock report (docs/wallets.md)',
      });
  }
}

type Refuse = (reason: string, data?: Record<string, unknown>) => never;

/** The origin's signature against its signer hash, then the sponsor's over the origin's sighash. */
function verifySignatures(wire: StacksTransactionWire, refuse: Refuse): void {
  let next: string;
  try {
    next = wire.verifyOrigin();
  } catch (err) {
    return refuse('SignatureValidation', { message: err instanceof Error ? err.message : String(err) });
  }
  const auth = wire.auth;
  if (auth.authType !== AuthType.Sponsored) return;
  const condition = auth.sponsorSpendingCondition;
  if (!isSingleSig(condition))
    return refuse('SignatureValidation', { message: 'this mock verifies single-signature sponsors only' });
  try {
    const { pubKey } = nextVerification(
      next,
      AuthType.Sponsored,
      condition.fee,
      condition.nonce,
      condition.keyEncoding,
      condition.signature.data,
    );
    const hash = addressFromPublicKeys(AddressVersion.MainnetSingleSig, condition.hashMode, 1, [
      pubKey,
    ]).hash160;
    if (hash !== condition.signer)
      refuse('SignatureValidation', {
        message: `sponsor signer hash ${condition.signer} is not the key's ${hash}`,
      });
  } catch (err) {
    if (err instanceof NodeRejection) throw err;
    refuse('SignatureValidation', { message: err instanceof Error ? err.message : String(err) });
  }
}

/** The address a spending condition signs for, on the world's network. */
function signerAddress(condition: SpendingCondition, chain: Chain): string {
  return c32address(addressHashModeToVersion(condition.hashMode, chain.net.name), condition.signer);
}

/**
 * A nonce below the chain's is a replay (`BadNonce`, expected: the chain's); one past the next
 * would wait behind a gap, which this mock's mempool does not keep (`BadNonce`, expected: the
 * next). True when a pending transaction already holds it.
 */
function checkNonce(
  state: AdmissionState,
  principal: number,
  address: string,
  signed: bigint,
  isOrigin: boolean,
  refuse: Refuse,
): boolean {
  const { mined, next } = principal < 0 ? { mined: 0, next: 0 } : state.nonces(principal);
  const actual = Number(signed);
  const mismatch = (expected: number): never =>
    refuse('BadNonce', { expected, actual, principal: address, is_origin: isOrigin });
  if (actual < mined) mismatch(mined);
  if (actual > next) mismatch(next);
  return actual < next;
}

/**
 * The pending transaction a new one replaces by fee, as a stacks-node's mempool decides it
 * (`MemPoolDB::try_add_tx`): the one in the same slot (sender and nonce, fee payer and payer
 * nonce), when the new fee is higher. A fee that is not higher, or a nonce held by a transaction
 * of another slot, is `ConflictingNonceInMempool`.
 */
function replaceable(
  chain: Chain,
  slot: { sender: number; nonce: number; payer: number; payerNonce: number; fee: bigint; refuse: Refuse },
): number {
  const prior = pendingInSlot(chain, slot);
  if (prior < 0 || slot.fee <= BigInt(chain.mempool.fee.at(prior)))
    return slot.refuse('ConflictingNonceInMempool');
  return prior;
}

/** A contract principal must be one the world knows. */
function contractPrincipal(chain: Chain, id: string, refuse: Refuse): number {
  const found = chain.principals.find(id);
  if (found < 0) refuse('BadFunctionArgument', { message: `${id} is not a contract of this world` });
  return found;
}

function checkAddressVersion(address: string, chain: Chain, refuse: Refuse): void {
  const prefixes = chain.net.name === 'mainnet' ? ['SP', 'SM'] : ['ST', 'SN'];
  if (!prefixes.some((p) => address.startsWith(p))) refuse('BadAddressVersionByte');
}

interface CallScope {
  chain: Chain;
  senderAddress: string;
  /** The index of a party to the call (-1: a standard address the world has never seen). */
  peer(address: string): number;
  refuse: Refuse;
}

interface Call {
  action: Action;
  peer: number;
  amount: number;
}

/**
 * The call as the world's rows hold one: the public functions of the world's contracts that
 * move a token or STX the way a wallet calls them (FT and NFT `transfer` from the signer,
 * a vault's `deposit`). Another public function of a world contract is refused by name: the
 * mock mines only what it can derive the events of.
 */
function callOf(contract: Contract, name: string, args: ClarityValue[], scope: CallScope): Call {
  const { refuse } = scope;
  const signature = SIGNATURES[contract.kind]?.[name];
  if (!signature) return refuse('NoSuchPublicFunction');
  if (args.length !== signature.length || args.some((a, i) => !fits(a, signature[i] as ArgType)))
    refuse('BadFunctionArgument', {
      message: `${name} takes (${signature.join(' ')}), got ${args.length} argument(s) of type ${args.map((a) => a.type).join(', ')}`,
    });
  const uint = (i: number): number => exact(BigInt((args[i] as { value: string | bigint }).value), refuse);
  const party = (i: number): number => {
    const address = principalText(args[i] as ClarityValue);
    return address.includes('.') ? contractPrincipal(scope.chain, address, refuse) : scope.peer(address);
  };
  const fromSigner = (): void => {
    if (principalText(args[1] as ClarityValue) !== scope.senderAddress)
      refuse('BadFunctionArgument', {
        message: `sender must be the transaction's signer ${scope.senderAddress}: the contract would refuse anyone else`,
      });
  };
  switch (`${contract.kind}:${name}`) {
    case `${ContractKind.Ft}:transfer`:
      fromSigner();
      if (args[3]?.type !== ClarityType.OptionalNone)
        refuse('BadFunctionArgument', { message: 'this mock mines FT transfers without a memo (none)' });
      return { action: Action.FtTransfer, peer: party(2), amount: uint(0) };
    case `${ContractKind.Nft}:transfer`:
      fromSigner();
      return { action: Action.NftTransfer, peer: party(2), amount: uint(0) };
    case `${ContractKind.Vault}:deposit`:
      return { action: Action.VaultDeposit, peer: -1, amount: uint(0) };
    default:
      return refuse('ServerFailureOther', {
        message: `this mock mines transfer and deposit calls only, not ${name} (docs/wallets.md)`,
      });
  }
}

type ArgType = 'uint' | 'principal' | 'optional-buff';

const SIGNATURES: Partial<Record<ContractKind, Record<string, readonly ArgType[]>>> = {
  [ContractKind.Ft]: {
    transfer: ['uint', 'principal', 'principal', 'optional-buff'],
    mint: ['uint', 'principal'],
    burn: ['uint'],
  },
  [ContractKind.Nft]: { transfer: ['uint', 'principal', 'principal'], mint: ['principal'], burn: ['uint'] },
  [ContractKind.Vault]: {
    deposit: ['uint'],
    withdraw: ['uint'],
    'swap-stx-for-token': ['uint'],
    'burn-stx': ['uint'],
  },
};

function fits(value: ClarityValue, type: ArgType): boolean {
  switch (type) {
    case 'uint':
      return value.type === ClarityType.UInt;
    case 'principal':
      return value.type === ClarityType.PrincipalStandard || value.type === ClarityType.PrincipalContract;
    case 'optional-buff':
      return (
        value.type === ClarityType.OptionalNone ||
        (value.type === ClarityType.OptionalSome &&
          value.value.type === ClarityType.Buffer &&
          value.value.value.length <= 68)
      );
  }
}

/**
 * The sender holds what the call moves: the tokens, the NFT, the STX a deposit sends. A node
 * would take the call and the contract would abort it; this mock mines only calls that succeed,
 * so it refuses them here, saying what the sender holds.
 */
function checkHoldings(
  state: AdmissionState,
  contract: Contract,
  call: Call,
  sender: number,
  ownFee: bigint,
  spendable: (p: number) => bigint,
  refuse: Refuse,
): void {
  const { ledger } = state;
  if (call.action === Action.FtTransfer) {
    const held = sender < 0 ? 0 : ledger.ftOf(contract.index, sender);
    if (held < call.amount)
      refuse('BadFunctionArgument', {
        message: `the sender holds ${held} of ${contract.assetId}, not ${call.amount}`,
      });
  } else if (call.action === Action.NftTransfer) {
    if (sender < 0 || ledger.nftOwner(contract.index, call.amount) !== sender)
      refuse('BadFunctionArgument', {
        message: `the sender does not own ${contract.assetId} #${call.amount}`,
      });
  } else {
    const has = spendable(sender);
    const needed = BigInt(call.amount) + ownFee;
    if (has < needed) refuse('NotEnoughFunds', { expected: u128(needed), actual: u128(has) });
  }
}

function principalText(value: ClarityValue): string {
  if (value.type === ClarityType.PrincipalStandard || value.type === ClarityType.PrincipalContract)
    return value.value;
  throw new Error(`not a principal: ${value.type}`);
}

/** The ledger keeps amounts as doubles, exact to 2^53 (docs/living-chain.md). */
function exact(value: bigint, refuse: Refuse): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    refuse('ServerFailureOther', {
      message: `${value} is past what this mock's ledger holds exactly (${Number.MAX_SAFE_INTEGER})`,
    });
  return Number(value);
}

/** A u128 as the node writes one in a rejection: `0x` and 32 hex digits, big-endian. */
function u128(value: bigint): string {
  return `0x${value.toString(16).padStart(32, '0')}`;
}

/** A token transfer's memo: 34 bytes, the UTF-8 text then zeros. */
export function memoHex(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\0+$/, '')).slice(0, 34);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `0x${hex}${'00'.repeat(34 - bytes.length)}`;
}
