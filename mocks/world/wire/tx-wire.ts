import { c32addressDecode } from 'c32check';
import { ByteWriter, parseHex, WireError } from './byte-writer.ts';
import type { PostCondition, PostConditionPrincipal, TxPayload } from './shapes.ts';
import type { TenureCause } from '../tables/kinds.ts';
import { LruCache } from '../lru-cache.ts';

/** Who signs for a transaction (its origin, or its sponsor): an address, its nonce and the fee it pays. */
export interface SpenderInput {
  readonly address: string;
  readonly nonce: number;
  readonly fee: number;
}

/** What a transaction's wire bytes say, in the shapes the mock serves. */
export interface TxWireInput {
  readonly mainnet: boolean;
  readonly origin: SpenderInput;
  readonly sponsor?: SpenderInput;
  /** 1 on-chain only, 2 off-chain only, 3 any. */
  readonly anchorMode: 1 | 2 | 3;
  readonly postConditionMode: 'allow' | 'deny' | 'originator';
  readonly postConditions: readonly PostCondition[];
  readonly payload: TxPayload;
}

const POST_CONDITION_MODES = { allow: 1, deny: 2, originator: 3 } as const;
const FUNGIBLE_CODES = {
  sent_equal_to: 1,
  sent_greater_than: 2,
  sent_greater_than_or_equal_to: 3,
  sent_less_than: 4,
  sent_less_than_or_equal_to: 5,
} as const;
const NFT_CODES = { sent: 0x10, not_sent: 0x11, maybe_sent: 0x12 } as const;
const POX_CODES = { not_performed: 0x30, maybe_performed: 0x31, performed: 0x32 } as const;
const CAUSES: Record<TenureCause, number> = {
  block_found: 0,
  extended: 1,
  extended_runtime: 2,
  extended_read_count: 3,
  extended_read_length: 4,
  extended_write_count: 5,
  extended_write_length: 6,
};
/** What @stacks/transactions allows a length-prefixed name and a contract's source. */
const NAME_MAX = 128;
const SOURCE_MAX = 100_000;
const MEMO_BYTES = 34;
/** Clarity's type ids of a principal and of `none`. */
const STANDARD_PRINCIPAL = 0x05;
const CONTRACT_PRINCIPAL = 0x06;
const NONE = 0x09;

const writer = new ByteWriter();
/** An address's version and hash160: decoding checks the c32 checksum (a double sha256), so once each. */
const decoded = new Map<string, Uint8Array>();

/**
 * A transaction's bytes as SIP-005 lays them out and @stacks/transactions 7 writes them (proven
 * equal, row by row, in tx-wire.test.ts), written straight from the served shapes: about a tenth
 * of the time of building the library's wire objects. Signatures are empty (65 zero bytes); a
 * poison-microblock payload carries its two headers. Throws `WireError` naming what does not fit.
 */
export function txWireBytes(input: TxWireInput): Uint8Array {
  const w = writer.reset();
  w.u8(input.mainnet ? 0x00 : 0x80);
  w.u32(input.mainnet ? 0x00000001 : 0x80000000);
  w.u8(input.sponsor ? 0x05 : 0x04);
  spendingCondition(w, input.origin, input.sponsor ? 0 : input.origin.fee);
  if (input.sponsor) spendingCondition(w, input.sponsor, input.sponsor.fee);
  w.u8(input.anchorMode);
  w.u8(POST_CONDITION_MODES[input.postConditionMode]);
  w.u32(input.postConditions.length);
  for (const pc of input.postConditions) postCondition(w, pc);
  payload(w, input.payload);
  return w.bytes();
}

function spendingCondition(w: ByteWriter, spender: SpenderInput, fee: number): void {
  const address = addressBytes(spender.address);
  const version = address[0];
  // SP/ST addresses are one key's (P2PKH); SM/SN a multi-signature script's (P2SH).
  const singleKey = version === 22 || version === 26;
  w.u8(singleKey ? 0x00 : 0x01);
  w.raw(address.subarray(1));
  w.u64(spender.nonce, 'the nonce');
  w.u64(fee, 'the fee');
  if (singleKey) {
    w.u8(0x00); // a compressed public key
    w.padded(EMPTY, 65);
  } else {
    w.u32(0); // no fields
    w.u16(1); // signatures required
  }
}

const EMPTY = new Uint8Array(0);

function postCondition(w: ByteWriter, pc: PostCondition): void {
  w.u8(POST_CONDITION_TYPES[pc.type]);
  principal(w, pc.principal);
  switch (pc.type) {
    case 'stx':
    case 'staking':
      w.u8(FUNGIBLE_CODES[pc.condition_code]);
      w.u64(pc.amount, 'a post-condition amount');
      return;
    case 'fungible':
      asset(w, pc.asset);
      w.u8(FUNGIBLE_CODES[pc.condition_code]);
      w.u64(pc.amount, 'a post-condition amount');
      return;
    case 'non_fungible':
      asset(w, pc.asset);
      w.hex(pc.asset_value.hex, 'an NFT post-condition value');
      w.u8(NFT_CODES[pc.condition_code]);
      return;
    case 'pox':
      w.u8(POX_CODES[pc.condition_code]);
      return;
  }
}

const POST_CONDITION_TYPES = { stx: 0, fungible: 1, non_fungible: 2, staking: 3, pox: 4 } as const;

function principal(w: ByteWriter, p: PostConditionPrincipal): void {
  if (p.type_id === 'principal_origin') return w.u8(0x01);
  w.u8(p.type_id === 'principal_standard' ? 0x02 : 0x03);
  w.raw(addressBytes(p.address));
  if (p.type_id === 'principal_contract') w.lengthPrefixed(p.contract_name, 1, NAME_MAX, 'a contract name');
}

function asset(
  w: ByteWriter,
  a: { contract_address: string; contract_name: string; asset_name: string },
): void {
  w.raw(addressBytes(a.contract_address));
  w.lengthPrefixed(a.contract_name, 1, NAME_MAX, 'a contract name');
  w.lengthPrefixed(a.asset_name, 1, NAME_MAX, 'an asset name');
}

function payload(w: ByteWriter, p: TxPayload): void {
  switch (p.tx_type) {
    case 'token_transfer': {
      const t = p.token_transfer;
      w.u8(0x00);
      principalValue(w, t.recipient_address);
      w.u64(t.amount, 'the amount');
      w.padded(memoBytes(t.memo), MEMO_BYTES);
      return;
    }
    case 'smart_contract': {
      const c = p.smart_contract;
      const version = c.clarity_version ?? undefined;
      if (version === undefined) w.u8(0x01);
      else {
        w.u8(0x06);
        w.u8(version);
      }
      w.lengthPrefixed(c.contract_id.split('.')[1] as string, 1, NAME_MAX, 'the contract name');
      w.lengthPrefixed(c.source_code, 4, SOURCE_MAX, 'the source');
      return;
    }
    case 'contract_call': {
      const c = p.contract_call;
      const [address, name] = c.contract_id.split('.') as [string, string];
      w.u8(0x02);
      w.raw(addressBytes(address));
      w.lengthPrefixed(name, 1, NAME_MAX, 'the contract name');
      w.lengthPrefixed(c.function_name, 1, NAME_MAX, 'the function name');
      const args = c.function_args ?? [];
      w.u32(args.length);
      for (const arg of args) w.hex(arg.hex, 'an argument');
      return;
    }
    case 'poison_microblock':
      w.u8(0x03);
      w.hex(p.poison_microblock.microblock_header_1, 'a microblock header');
      w.hex(p.poison_microblock.microblock_header_2, 'a microblock header');
      return;
    case 'coinbase': {
      const c = p.coinbase_payload;
      if (c.alt_recipient) throw new WireError('a coinbase to an alternate recipient');
      w.u8(c.vrf_proof ? 0x08 : 0x04);
      w.hex(c.data, 'the coinbase data', 32);
      if (!c.vrf_proof) return;
      w.u8(NONE);
      w.hex(c.vrf_proof, 'the VRF proof', 80);
      return;
    }
    case 'tenure_change': {
      const c = p.tenure_change_payload;
      w.u8(0x07);
      w.hex(c.tenure_consensus_hash, 'a consensus hash', 20);
      w.hex(c.prev_tenure_consensus_hash, 'a consensus hash', 20);
      w.hex(c.burn_view_consensus_hash, 'a consensus hash', 20);
      w.hex(c.previous_tenure_end, 'the previous tenure end', 32);
      w.u32(c.previous_tenure_blocks);
      w.u8(CAUSES[c.cause]);
      w.hex(c.pubkey_hash, 'the public key hash', 20);
      return;
    }
  }
}

/** A principal as a Clarity value: a standard one, or a contract's (`address.name`). */
function principalValue(w: ByteWriter, id: string): void {
  const dot = id.indexOf('.');
  if (dot < 0) {
    w.u8(STANDARD_PRINCIPAL);
    w.raw(addressBytes(id));
    return;
  }
  w.u8(CONTRACT_PRINCIPAL);
  w.raw(addressBytes(id.slice(0, dot)));
  w.lengthPrefixed(id.slice(dot + 1), 1, NAME_MAX, 'the contract name');
}

/** Memos checked: a world draws its memos from a short list, and checking one decodes it twice. */
const memos = new LruCache<string, Uint8Array>(4096);

/** A memo travels as text padded with zero bytes to 34; it must be that text to round-trip. */
function memoBytes(memo: string): Uint8Array {
  let bytes = memos.get(memo);
  if (!bytes) {
    bytes = checkedMemo(memo);
    memos.set(memo, bytes);
  }
  return bytes;
}

function checkedMemo(memo: string): Uint8Array {
  const bytes = parseHex(memo, 'its memo');
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const text = bytes.subarray(0, end);
  const again = new TextEncoder().encode(new TextDecoder().decode(text));
  if (again.length !== text.length || again.some((b, i) => b !== text[i]) || end > MEMO_BYTES)
    throw new WireError(`its memo ${memo} is not UTF-8 text of at most 34 bytes padded with zero bytes`);
  return text;
}

/** An address's version byte and hash160, 21 bytes. */
function addressBytes(address: string): Uint8Array {
  let found = decoded.get(address);
  if (!found) {
    let version: number;
    let hash: string;
    try {
      [version, hash] = c32addressDecode(address);
    } catch {
      throw new WireError(`${address} is not a standard address`);
    }
    found = new Uint8Array(21);
    found[0] = version;
    found.set(parseHex(hash, 'a hash160'), 1);
    decoded.set(address, found);
  }
  return found;
}
