import type { UntilBlock } from '../query/world-queries.ts';

/** Ids and hashes are looked up as the service returns them: lowercase with `0x`. */
export function normalizeHex(value: string): string {
  const lower = value.toLowerCase();
  return lower.startsWith('0x') ? lower : `0x${lower}`;
}

/** `until_block` is a 0x-hash or a positive height (the spec's pattern has already said which). */
export function parseUntilBlock(value: string | undefined): UntilBlock | undefined {
  if (value === undefined) return undefined;
  return value.startsWith('0x') || value.startsWith('0X')
    ? { hash: normalizeHex(value) }
    : { height: Number(value) };
}

export function blockNotFoundMessage(ref: UntilBlock | undefined): string {
  return ref && 'hash' in ref ? 'block not found with hash' : 'Block not found';
}
