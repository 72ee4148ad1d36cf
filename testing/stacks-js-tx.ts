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
import { hexToBytes } from '@noble/hashes/utils';
import { c32addressDecode } from 'c32check';
import type { PostCondition, PostConditionPrincipal, TxPayload } from '../mocks/serialize/types.ts';
import type { SpenderInput, TxWireInput } from '../mocks/world/wire/tx-wire.ts';
import type { TenureCause } from '../mocks/world/tables/kinds.ts';

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
const WIRE_CAUSES: Record<TenureCause, TenureChangeCause> = {
  block_found: TenureChangeCause.BlockFound,
  extended: TenureChangeCause.Extended,
  extended_runtime: TenureChangeCause.ExtendedRuntime,
  extended_read_count: TenureChangeCause.ExtendedReadCount,
  extended_read_length: TenureChangeCause.ExtendedReadLength,
  extended_write_count: TenureChangeCause.ExtendedWriteCount,
  extended_write_length: TenureChangeCause.ExtendedWriteLength,
};

/**
 * The reference the mock's own wire encoding (mocks/world/wire/tx-wire.ts) is proven against: the
 * same transaction built as @stacks/transactions' wire objects and serialized by the library, as
 * the mock did before it wrote the bytes itself.
 */
export function stacksJsTxBytes(input: TxWireInput): Uint8Array {
  const origin = spendingCondition(input.origin, input.sponsor ? 0 : input.origin.fee);
  const auth: Authorization = input.sponsor
    ? {
        authType: AuthType.Sponsored,
        spendingCondition: origin,
        sponsorSpendingCondition: spendingCondition(input.sponsor, input.sponsor.fee),
      }
    : { authType: AuthType.Standard, spendingCondition: origin };
  const wire = new StacksTransactionWire({
    auth,
    payload: payloadWire(input.payload),
    postConditions: createLPList(
      input.postConditions.map((pc) => postConditionToWire(toWirePostCondition(pc))),
    ),
    postConditionMode: {
      allow: PostConditionMode.Allow,
      deny: PostConditionMode.Deny,
      originator: PostConditionMode.Originator,
    }[input.postConditionMode],
    network: input.mainnet ? 'mainnet' : 'testnet',
  });
  wire.anchorMode = input.anchorMode;
  const bytes = wire.serializeBytes();
  // The library writes a poison-microblock payload without its two headers; they end the bytes.
  if (input.payload.tx_type !== 'poison_microblock') return bytes;
  const p = input.payload.poison_microblock;
  return new Uint8Array([...bytes, ...hexBytes(p.microblock_header_1), ...hexBytes(p.microblock_header_2)]);
}

function spendingCondition(spender: SpenderInput, fee: number): SpendingCondition {
  const [version, signer] = c32addressDecode(spender.address);
  if (version === 22 || version === 26)
    return {
      hashMode: AddressHashMode.P2PKH,
      signer,
      nonce: BigInt(spender.nonce),
      fee: BigInt(fee),
      keyEncoding: PubKeyEncoding.Compressed,
      signature: emptyMessageSignature(),
    };
  return {
    hashMode: AddressHashMode.P2SH,
    signer,
    nonce: BigInt(spender.nonce),
    fee: BigInt(fee),
    fields: [],
    signaturesRequired: 1,
  };
}

function payloadWire(payload: TxPayload): PayloadWire {
  switch (payload.tx_type) {
    case 'token_transfer': {
      const t = payload.token_transfer;
      const memo = hexBytes(t.memo);
      let end = memo.length;
      while (end > 0 && memo[end - 1] === 0) end--;
      const text = new TextDecoder().decode(memo.subarray(0, end));
      return createTokenTransferPayload(t.recipient_address, t.amount, createMemoString(text));
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
