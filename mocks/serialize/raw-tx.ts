import {
  AddressHashMode,
  AuthType,
  Cl,
  ClarityVersion,
  createCoinbasePayload,
  createContractCallPayload,
  createLPList,
  createMemoString,
  createNakamotoCoinbasePayload,
  createPoisonPayload,
  createSmartContractPayload,
  createTenureChangePayload,
  createTokenTransferPayload,
  deserializeCV,
  emptyMessageSignature,
  PostConditionMode,
  postConditionToWire,
  PubKeyEncoding,
  StacksTransactionWire,
  TenureChangeCause,
  type Authorization,
  type PayloadWire,
  type PostCondition as WirePostCondition,
  type SpendingCondition,
} from '@stacks/transactions';
import { sha512_256 } from '@noble/hashes/sha512';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { c32addressDecode } from 'c32check';
import { payloadOf } from './payload.ts';
import { postConditionsOf } from './post-conditions.ts';
import type { PostCondition, PostConditionPrincipal, TxPayload } from './types.ts';
import { clarityTxOf, type Chain } from '../world/tables/chain.ts';
import type { TenureCause } from '../world/tables/kinds.ts';
import { anchorModeOf, postConditionModeOf } from '../world/tables/tx-flags.ts';
import type { TxTable } from '../world/tables/tx-table.ts';

/** The stream cannot say what the world holds: names what, and which transaction. */
export class StreamError extends Error {}

/** A transaction in the wire form a stacks-node relays, and the id a node gives those bytes. */
export interface RawTx {
  readonly hex: string;
  /** sha512/256 of the bytes: the id the real service gives a mempool transaction. */
  readonly txid: string;
}

const ANCHOR_MODES = [1, 1, 2, 3] as const;
const CODES: Record<string, 'eq' | 'gt' | 'gte' | 'lt' | 'lte'> = {
  sent_equal_to: 'eq',
  sent_greater_than: 'gt',
  sent_greater_than_or_equal_to: 'gte',
  sent_less_than: 'lt',
  sent_less_than_or_equal_to: 'lte',
};
const NFT_CODES = { sent: 'sent', not_sent: 'not-sent', maybe_sent: 'maybe-sent' } as const;
const POX_CODES = {
  not_performed: 'will-not-perform',
  maybe_performed: 'may-perform',
  performed: 'will-perform',
} as const;

/** The byte size of row `tx`'s serialization, as the real service measures the bytes it received. */
export function txByteSize(chain: Chain, table: TxTable, tx: number): number {
  return (rawTxOf(chain, table, tx).hex.length - 2) / 2;
}

/**
 * Row `tx` of `table` (the mined transactions or the mempool) serialized as a stacks-node would
 * relay it, from the same payload and post-conditions the mock serves, so that the real service
 * decodes the same nonce, fee, sender, sponsor, payload and post-conditions. Signatures are empty:
 * the real service does not verify them.
 */
export function rawTxOf(chain: Chain, table: TxTable, tx: number): RawTx {
  // A transaction only the engine runs is served as broadcast: its id is the hash of these bytes.
  const signed = clarityTxOf(chain, table, tx);
  if (signed?.raw) return { hex: signed.raw, txid: table.idHex(tx) };
  const where = (): string => `transaction ${table.idHex(tx)}`;
  const sponsor = table.sponsor.at(tx);
  const fee = table.fee.at(tx);
  const origin = spendingCondition(
    chain.principals.name(table.sender[tx] as number),
    table.nonce[tx] as number,
    sponsor >= 0 ? 0 : fee,
    where,
  );
  const auth: Authorization =
    sponsor >= 0
      ? {
          authType: AuthType.Sponsored,
          spendingCondition: origin,
          sponsorSpendingCondition: spendingCondition(
            chain.principals.name(sponsor),
            table.sponsorNonce.at(tx),
            fee,
            where,
          ),
        }
      : { authType: AuthType.Standard, spendingCondition: origin };
  const mode = postConditionModeOf(table, tx);
  const payload = payloadOf(chain, table, tx);
  const wire = new StacksTransactionWire({
    auth,
    payload: payloadWire(payload, where),
    postConditions: createLPList(
      postConditionsOf(chain, table, tx).map((pc) => postConditionToWire(toWirePostCondition(pc))),
    ),
    postConditionMode:
      mode === 'originator'
        ? PostConditionMode.Originator
        : mode === 'deny'
          ? PostConditionMode.Deny
          : PostConditionMode.Allow,
    network: chain.net.name,
  });
  wire.anchorMode = ANCHOR_MODES[anchorModeOf(table, tx)] as 1 | 2 | 3;
  let hex = wire.serialize();
  // @stacks/transactions writes a poison-microblock payload without its two headers; they end the bytes.
  if (payload.tx_type === 'poison_microblock')
    hex +=
      payload.poison_microblock.microblock_header_1.slice(2) +
      payload.poison_microblock.microblock_header_2.slice(2);
  return {
    hex: `0x${hex}`,
    txid: `0x${bytesToHex(sha512_256(hexToBytes(hex)))}`,
  };
}

function spendingCondition(
  address: string,
  nonce: number,
  fee: number,
  where: () => string,
): SpendingCondition {
  const [version, signer] = decodeAddress(address, where);
  // SP/ST addresses are one key's (P2PKH); SM/SN a multi-signature script's (P2SH).
  if (version === 22 || version === 26)
    return {
      hashMode: AddressHashMode.P2PKH,
      signer,
      nonce: BigInt(nonce),
      fee: BigInt(fee),
      keyEncoding: PubKeyEncoding.Compressed,
      signature: emptyMessageSignature(),
    };
  return {
    hashMode: AddressHashMode.P2SH,
    signer,
    nonce: BigInt(nonce),
    fee: BigInt(fee),
    fields: [],
    signaturesRequired: 1,
  };
}

/** Decoding checks the c32 checksum (a double sha256): each sender is decoded once. */
const decoded = new Map<string, [number, string]>();

function decodeAddress(address: string, where: () => string): [number, string] {
  let found = decoded.get(address);
  if (!found) {
    try {
      found = c32addressDecode(address);
    } catch {
      throw new StreamError(`${where()}: its sender or sponsor ${address} is not a standard address`);
    }
    decoded.set(address, found);
  }
  return found;
}

function payloadWire(payload: TxPayload, where: () => string): PayloadWire {
  switch (payload.tx_type) {
    case 'token_transfer': {
      const t = payload.token_transfer;
      return createTokenTransferPayload(
        t.recipient_address,
        t.amount,
        createMemoString(memoText(t.memo, where)),
      );
    }
    case 'smart_contract': {
      const c = payload.smart_contract;
      const name = c.contract_id.split('.')[1] as string;
      const version = c.clarity_version === null ? undefined : (c.clarity_version as ClarityVersion);
      return createSmartContractPayload(name, c.source_code, version);
    }
    case 'contract_call': {
      const c = payload.contract_call;
      const [address, name] = c.contract_id.split('.') as [string, string];
      return createContractCallPayload(
        address,
        name,
        c.function_name,
        (c.function_args ?? []).map((a) => deserializeCV(a.hex)),
      );
    }
    case 'poison_microblock':
      return createPoisonPayload();
    case 'coinbase': {
      const c = payload.coinbase_payload;
      const data = hexBytes(c.data);
      if (c.alt_recipient) throw new StreamError(`${where()}: a coinbase to an alternate recipient`);
      return c.vrf_proof
        ? createNakamotoCoinbasePayload(data, Cl.none(), hexBytes(c.vrf_proof))
        : createCoinbasePayload(data);
    }
    case 'tenure_change': {
      const c = payload.tenure_change_payload;
      return createTenureChangePayload(
        c.tenure_consensus_hash.slice(2),
        c.prev_tenure_consensus_hash.slice(2),
        c.burn_view_consensus_hash.slice(2),
        c.previous_tenure_end.slice(2),
        c.previous_tenure_blocks,
        WIRE_CAUSES[c.cause],
        c.pubkey_hash.slice(2),
      );
    }
  }
}

/** A tenure change's cause as a stacks-node encodes it; @stacks/transactions knows SIP-034's too. */
const WIRE_CAUSES: Record<TenureCause, TenureChangeCause> = {
  block_found: TenureChangeCause.BlockFound,
  extended: TenureChangeCause.Extended,
  extended_runtime: TenureChangeCause.ExtendedRuntime,
  extended_read_count: TenureChangeCause.ExtendedReadCount,
  extended_read_length: TenureChangeCause.ExtendedReadLength,
  extended_write_count: TenureChangeCause.ExtendedWriteCount,
  extended_write_length: TenureChangeCause.ExtendedWriteLength,
};

/** A memo travels as text padded with zero bytes to 34; it must be that text to round-trip. */
function memoText(memo: string, where: () => string): string {
  const bytes = hexBytes(memo);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, end));
  if (bytesToHex(utf8ToBytes(text)) !== bytesToHex(bytes.subarray(0, end)))
    throw new StreamError(`${where()}: its memo ${memo} is not UTF-8 text padded with zero bytes`);
  return text;
}

function toWirePostCondition(pc: PostCondition): WirePostCondition {
  const address = principalOf(pc.principal);
  switch (pc.type) {
    case 'stx':
      return {
        type: 'stx-postcondition',
        address,
        condition: CODES[pc.condition_code] as 'eq',
        amount: pc.amount,
      };
    case 'fungible':
      return {
        type: 'ft-postcondition',
        address,
        condition: CODES[pc.condition_code] as 'eq',
        amount: pc.amount,
        asset: `${pc.asset.contract_address}.${pc.asset.contract_name}::${pc.asset.asset_name}`,
      };
    case 'non_fungible':
      return {
        type: 'nft-postcondition',
        address,
        condition: NFT_CODES[pc.condition_code],
        asset: `${pc.asset.contract_address}.${pc.asset.contract_name}::${pc.asset.asset_name}`,
        assetId: deserializeCV(pc.asset_value.hex),
      };
    case 'staking':
      return {
        type: 'staking-postcondition',
        address,
        condition: CODES[pc.condition_code] as 'eq',
        amount: pc.amount,
      };
    case 'pox':
      return { type: 'pox-postcondition', address, condition: POX_CODES[pc.condition_code] };
  }
}

function principalOf(p: PostConditionPrincipal): string {
  if (p.type_id === 'principal_origin') return 'origin';
  if (p.type_id === 'principal_standard') return p.address;
  return `${p.address}.${p.contract_name}`;
}

function hexBytes(hex: string): Uint8Array {
  return hexToBytes(hex.replace(/^0x/, ''));
}
