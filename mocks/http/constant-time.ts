import { sha256 } from '@noble/hashes/sha256';

/**
 * Whether two byte strings of one length are equal, in a time that does not depend on where they
 * differ (what `crypto.timingSafeEqual` does, without Node). Of different lengths: false at once,
 * so compare digests, whose length tells nothing.
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

const utf8 = new TextEncoder();

/** A secret's SHA-256 digest: what is compared, so that a secret's length never shows in the time. */
export function digest(secret: string): Uint8Array {
  return sha256(utf8.encode(secret));
}

/**
 * Whether a secret sent is the one expected, compared as SHA-256 digests: the time tells neither
 * where they differ nor how long the expected secret is.
 */
export function sameSecret(sent: string, expected: string): boolean {
  return sameBytes(digest(sent), digest(expected));
}
