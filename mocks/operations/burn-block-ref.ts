import type { BurnBlockRef } from '../query/explorer.ts';
import { normalizeHex } from './normalize.ts';

/** A validated burn block `height_or_hash`: `latest`, a burn height, or a hash with or without `0x`. */
export function burnBlockRefOf(ref: 'latest' | string | number): BurnBlockRef {
  if (ref === 'latest') return { latest: true };
  return typeof ref === 'number' ? { height: ref } : { hash: normalizeHex(ref) };
}
