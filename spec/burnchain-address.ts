import { bech32, bech32m } from 'bech32';
import { b58ToC32, c32addressDecode, c32ToB58 } from 'c32check';

/** c32 versions of the base58 versions Bitcoin's networks use (b58ToC32 maps them so): p2pkh, p2sh. */
const BITCOIN_C32_VERSIONS = new Set([22, 20, 26, 21]);
/** Segwit prefixes of mainnet, testnet and regtest. */
const SEGWIT_PREFIXES = new Set(['bc', 'tb', 'bcrt']);

/**
 * The Bitcoin address a burnchain route's `address` names, as the real service reads it: trimmed,
 * a Bitcoin address of any of its networks as given, else a Stacks address converted to the
 * base58 Bitcoin address of its hash (c32check's `c32ToB58`); undefined for anything else.
 */
export function burnchainAddressOf(param: string): string | undefined {
  const address = param.trim();
  if (isBitcoinAddress(address)) return address;
  try {
    return c32ToB58(address);
  } catch {
    return undefined;
  }
}

/** A base58 p2pkh or p2sh address, or a segwit one (v0 in bech32, 20 or 32 bytes; v1 to v16 in bech32m). */
function isBitcoinAddress(address: string): boolean {
  return isBase58Address(address) || isSegwitAddress(address);
}

function isBase58Address(address: string): boolean {
  try {
    const [version, hash] = c32addressDecode(b58ToC32(address));
    return BITCOIN_C32_VERSIONS.has(version) && hash.length === 40;
  } catch {
    return false;
  }
}

function isSegwitAddress(address: string): boolean {
  const decoded = bech32.decodeUnsafe(address) ?? bech32m.decodeUnsafe(address);
  if (!decoded || !SEGWIT_PREFIXES.has(decoded.prefix) || decoded.words.length === 0) return false;
  const [version, ...words] = decoded.words as [number, ...number[]];
  const program = bech32.fromWordsUnsafe(words);
  if (!program) return false;
  const m = bech32m.decodeUnsafe(address) !== undefined;
  if (version === 0) return !m && (program.length === 20 || program.length === 32);
  return m && version <= 16 && program.length >= 2 && program.length <= 40;
}
