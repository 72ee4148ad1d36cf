import { sha1 } from '@noble/hashes/sha1';

/**
 * What the browser bundle holds in place of node/body-digest.ts (msw/browser-bundle.ts swaps it
 * in): the same SHA-1, base64url without padding, as Node's `digest('base64url')` writes it.
 */
export function bodyDigest(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of sha1(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
