import type { BlockRef } from '../query/world-queries.ts';
import { normalizeHex } from './normalize.ts';

/** A validated `height_or_hash`: `latest`, a height, or a hash with or without `0x`. */
export function blockRefOf(ref: 'latest' | string | number): BlockRef {
  if (ref === 'latest') return { latest: true };
  return typeof ref === 'number' ? { height: ref } : { hash: normalizeHex(ref) };
}
