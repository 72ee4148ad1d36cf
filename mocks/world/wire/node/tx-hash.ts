import * as crypto from 'node:crypto';

type OneShot = (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer;

/**
 * A transaction's id: sha512/256 of its bytes, by Node's own hash, several times the speed of the
 * pure-JavaScript one a browser bundle takes instead (../tx-hash.ts, swapped in by
 * msw/browser-bundle.ts). Node's one-shot hash (Node 20.12 and later) costs about a third less
 * than a Hash object a row; it is read here, when a row is hashed, not when this module is
 * evaluated, so the CLI's bundle still loads node:crypto only on its first use (scripts/bundle.ts).
 */
export function txHash(bytes: Uint8Array): Uint8Array {
  const oneShot = crypto.hash as OneShot | undefined;
  if (oneShot) return oneShot('sha512-256', bytes, 'buffer');
  return crypto.createHash('sha512-256').update(bytes).digest();
}
