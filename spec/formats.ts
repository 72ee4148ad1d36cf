import { c32addressDecode } from 'c32check';

const CONTRACT_NAME = /^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127}$/;

/** Version bytes of standard addresses: SP, SM (mainnet) and ST, SN (testnet). */
const ADDRESS_VERSIONS = new Set([22, 20, 26, 21]);

/**
 * Addresses whose checksum was checked lately, and the verdict: the same few hundred come back in
 * every request the mock validates and every answer a test checks, and each check is a c32
 * decoding and two SHA-256 (seconds of CPU in a test that walks every address of a world).
 */
const CHECKED = new Map<string, boolean>();
const CHECKED_KEPT = 10_000;

function isStandardAddress(address: string): boolean {
  let verdict = CHECKED.get(address);
  if (verdict === undefined) {
    try {
      verdict = ADDRESS_VERSIONS.has(c32addressDecode(address)[0]);
    } catch {
      verdict = false;
    }
    if (CHECKED.size >= CHECKED_KEPT) CHECKED.clear();
    CHECKED.set(address, verdict);
  }
  return verdict;
}

/**
 * `format: stacks-principal`: a c32check address with a valid checksum, optionally followed by
 * `.<contract name>`. The pattern in the spec says the shape; this says the checksum holds.
 */
export function isStacksPrincipal(value: string): boolean {
  const dot = value.indexOf('.');
  const address = dot === -1 ? value : value.slice(0, dot);
  if (dot !== -1 && !CONTRACT_NAME.test(value.slice(dot + 1))) return false;
  return isStandardAddress(address);
}

/** `format: stacks-asset-identifier`: `<contract id>::<token name>` whose contract id is a valid principal. */
export function isStacksAssetIdentifier(value: string): boolean {
  const sep = value.indexOf('::');
  if (sep === -1) return false;
  const contract = value.slice(0, sep);
  return contract.includes('.') && isStacksPrincipal(contract) && value.length > sep + 2;
}

/** The spec's own formats, as ajv takes them (and the build's standalone validators read them). */
export const STACKS_FORMATS = {
  'stacks-principal': { type: 'string', validate: isStacksPrincipal },
  'stacks-asset-identifier': { type: 'string', validate: isStacksAssetIdentifier },
} as const;
