import { addAmounts, amountOf, bigAmount } from '../world/amount.ts';
import {
  addressHashModeToVersion,
  addressToString,
  AnchorMode as WireAnchorMode,
  AuthType,
  deserializeTransaction,
  isSingleSig,
  nextVerification,
  addressFromPublicKeys,
  PayloadType,
  PostConditionMode,
  wireToPostCondition,
  type SpendingCondition,
  verifyOrigin,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { AddressVersion, ChainId, TransactionVersion } from '@stacks/network';
import { hexToBytes } from '@noble/hashes/utils';
import { c32address } from 'c32check';
import type { Chain } from '../world/tables/chain.ts';
import type { TxIntent } from '../world/generate/draft-tx.ts';
import type { Ledger } from '../world/generate/ledger.ts';
import { Action, AnchorMode, PcFlag, Status } from '../world/tables/kinds.ts';
import { NodeRejection, Undecodable } from '../operations/node-refusals.ts';
import { pendingInSlot } from '../query/replace-by-fee.ts';
import { reservation } from '../world/generate/build-mempool.ts';
import type { AdmissionReads } from '../world/run/admission-reads.ts';
import { admitDeploy, admitEngineCall, type EngineAdmission } from './clarity-admission.ts';
import { SignedHashes } from './signed-hashes.ts';
import {
  callOf,
  checkAddressVersion,
  checkHoldings,
  contractPrincipal,
  derivedOrMissing,
  principalText,
  u128,
  type Refuse,
} from './derived-calls.ts';

export { NodeRejection, Undecodable } from '../operations/node-refusals.ts';

/** What admission reads of the living chain, as it stands (pending spends held back). */
export interface AdmissionState {
  readonly chain: Chain;
  readonly ledger: Ledger;
  readonly burnHeight: number;
  nonces(principal: number): { mined: number; next: number };
  /** The Clarity engine holding the chain now, where the transaction needs it (`needsEngine`). */
  readonly clarity?: AdmissionReads;
  /**
   * false: the chain is in an epoch before 4 (the release the mock answers as cannot import
   * epoch 4's values), whose node takes neither originator mode nor the post-conditions SIP-040
   * and the staking ones added.
   */
  readonly epoch4?: boolean;
}

/** Originator mode, an NFT condition `maybe-sent`, a staking or PoX condition: epoch 4's (`validate_transaction_static_epoch`). */
function usesEpoch4(wire: StacksTransactionWire): boolean {
  if (wire.postConditionMode === PostConditionMode.Originator) return true;
  return wire.postConditions.values.some((pc) => {
    const condition = wireToPostCondition(pc as Parameters<typeof wireToPostCondition>[0]);
    return (
      condition.type === 'staking-postcondition' ||
      condition.type === 'pox-postcondition' ||
      (condition.type === 'nft-postcondition' && condition.condition === 'maybe-sent')
    );
  });
}

/**
 * Whether admitting the transaction reads the Clarity engine: a deployment, or a call to a
 * contract on chain that admission does not derive (`derivedOrMissing`).
 */
export function needsEngine(wire: StacksTransactionWire, chain: Chain): boolean {
  const payload = wire.payload;
  if (
    payload.payloadType === PayloadType.SmartContract ||
    payload.payloadType === PayloadType.VersionedSmartContract
  )
    return true;
  return engineCallOf(wire, chain) !== undefined;
}

/**
 * The contract whose interface admitting the transaction reads in the engine: a call's, where
 * admission does not derive it; a deployment's own, where the chain knows a contract of that id
 * (`admitDeploy`); else undefined.
 */
export function engineContractOf(wire: StacksTransactionWire, chain: Chain): string | undefined {
  const payload = wire.payload;
  if (
    payload.payloadType !== PayloadType.SmartContract &&
    payload.payloadType !== PayloadType.VersionedSmartContract
  )
    return engineCallOf(wire, chain);
  const id = `${signerAddress(wire.auth.spendingCondition, chain)}.${payload.contractName.content}`;
  return chain.contracts.some((c) => c.id === id) ? id : undefined;
}

function engineCallOf(wire: StacksTransactionWire, chain: Chain): string | undefined {
  const payload = wire.payload;
  if (payload.payloadType !== PayloadType.ContractCall) return undefined;
  const id = `${addressToString(payload.contractAddress)}.${payload.contractName.content}`;
  const contract = chain.contracts.find((c) => c.id === id && !c.pending);
  return contract !== undefined && !derivedOrMissing(contract, payload.functionName.content) ? id : undefined;
}

function engineReads(state: AdmissionState): AdmissionReads {
  if (!state.clarity) throw new Error('admission needs the Clarity engine here: ask needsEngine first');
  return state.clarity;
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
  /** For a deployment or a call only the Clarity engine runs: what the chain keeps of it. */
  readonly engine?: EngineAdmission;
}

/** The smallest fee a node relays: 1 micro-STX a byte (MINIMUM_TX_FEE_RATE_PER_BYTE). */
const MIN_FEE_PER_BYTE = 1n;

let anchors: Record<number, AnchorMode> | undefined;

/** The world's anchor mode of a wire one: the table is made on first use, as the CLI's bundle evaluates @stacks/transactions then (scripts/bundle.ts). */
function anchorOf(wire: number): AnchorMode {
  anchors ??= {
    [WireAnchorMode.OnChainOnly]: AnchorMode.OnChainOnly,
    [WireAnchorMode.OffChainOnly]: AnchorMode.OffChainOnly,
    [WireAnchorMode.Any]: AnchorMode.Any,
  };
  return anchors[wire] ?? AnchorMode.Any;
}

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
  hashes: SignedHashes,
): Admitted {
  const { txid } = hashes;
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
  verifySignatures(wire, hashes, refuse);
  const size = BigInt(bytes.length);
  const auth = wire.auth;
  const sponsorCondition = auth.authType === AuthType.Sponsored ? auth.sponsorSpendingCondition : undefined;
  const sponsored = sponsorCondition !== undefined;
  const payerCondition = sponsorCondition ?? auth.spendingCondition;
  const fee = payerCondition.fee;
  if (fee < size * MIN_FEE_PER_BYTE) refuse('FeeTooLow', { expected: Number(size), actual: Number(fee) });
  if (state.epoch4 === false && usesEpoch4(wire))
    refuse('ServerFailureOther', { message: 'Transaction is not supported in this epoch' });
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
        : addAmounts(
            p === released.payer ? released.fee : 0,
            p === chain.mempool.sender[replaces as number] ? released.amount : 0,
          );
    const has = addAmounts(state.ledger.spendable(p, state.burnHeight), back);
    return has > 0 ? bigAmount(has) : 0n;
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
    pcFlags: wire.postConditionMode === PostConditionMode.Originator ? PcFlag.Originator : 0,
    signed: {
      id: hexToBytes(txid),
      anchorMode: anchorOf(wire.anchorMode),
      nonce: Number(auth.spendingCondition.nonce),
      sponsorNonce: Number(sponsorCondition?.nonce ?? 0),
    },
  };
  const engineRun = (engine: EngineAdmission): Admitted => ({
    intent: { ...base, action: engine.action, contract: engine.contract, peer: -1, amount: 0 },
    memo: undefined,
    txid: `0x${txid}`,
    newPeer,
    replaces,
    engine,
  });
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
          amount: amountOf(payload.amount),
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
      if (!derivedOrMissing(contract, payload.functionName.content))
        return engineRun(admitEngineCall(contract, { wire, bytes, reads: engineReads(state), refuse }));
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
    case PayloadType.SmartContract:
    case PayloadType.VersionedSmartContract:
      pays(sponsored ? sponsor : sender, fee);
      return engineRun(admitDeploy(chain, senderAddress, { wire, bytes, reads: engineReads(state), refuse }));
    case PayloadType.Coinbase:
    case PayloadType.CoinbaseToAltRecipient:
    case PayloadType.NakamotoCoinbase:
      return refuse('NoCoinbaseViaMempool');
    case PayloadType.TenureChange:
      return refuse('NoTenureChangeViaMempool');
    default:
      return refuse('ServerFailureOther', {
        message: 'this mock does not take a poison-microblock report (docs/wallets.md)',
      });
  }
}

/** The origin's signature against its signer hash, then the sponsor's over the origin's sighash. */
function verifySignatures(wire: StacksTransactionWire, hashes: SignedHashes, refuse: Refuse): void {
  let next: string;
  try {
    next = verifyOrigin(wire.auth, hashes.initialSigHash());
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
/** A token transfer's memo: 34 bytes, the UTF-8 text then zeros. */
export function memoHex(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\0+$/, '')).slice(0, 34);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `0x${hex}${'00'.repeat(34 - bytes.length)}`;
}
