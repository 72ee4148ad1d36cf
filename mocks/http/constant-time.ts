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
