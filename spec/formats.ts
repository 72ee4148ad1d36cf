import { c32addressDecode } from 'c32check';

const CONTRACT_NAME = /^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127}$/;

/** Version bytes of standard addresses: SP, SM (mainnet) and ST, SN (testnet). */
const ADDRESS_VERSIONS = new Set([22, 20, 26, 21]);

/**
 * `format: stacks-principal`: a c32check address with a valid checksum, optionally followed by
 * `.<contract name>`. The pattern in the spec says the shape; this says the checksum holds.
 */
export function isStacksPrincipal(value: string): boolean {
  const dot = value.indexOf('.');
  const address = dot === -1 ? value : value.slice(0, dot);
  if (dot !== -1 && !CONTRACT_NAME.test(value.slice(dot + 1))) return false;
  try {
    const [version] = c32addressDecode(address);
    return ADDRESS_VERSIONS.has(version);
  } catch {
    return false;
  }
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
