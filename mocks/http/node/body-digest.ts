import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers';
import { bodyDigest as javascriptDigest } from '../body-digest.ts';

/** How long after a process's first digest its answers take the JavaScript SHA-1. */
const NODE_HASH_AFTER_MS = 100;

let nodeHash = false;
let nodeHashLater: NodeJS.Timeout | undefined;

/**
 * An answer body's SHA-1, base64url without padding: the ETag's value. Node's own hash, seven
 * times the speed of the pure-JavaScript one a browser bundle takes instead (../body-digest.ts,
 * swapped in by msw/browser-bundle.ts): every 200 the mock serves is hashed. Except a process's
 * first answers: the installed CLI's bundle loads node:crypto on its first use (about 7 ms, a
 * tenth of what the CLI adds to node's boot: scripts/bundle.ts), so those take the JavaScript
 * hash, the same digest, and node:crypto is loaded a moment after the first, off its way: on
 * node:timers' own clock, which a test's fake one (vi.useFakeTimers, which fakes the global
 * functions) neither counts nor holds.
 */
export function bodyDigest(bytes: Uint8Array): string {
  if (nodeHash) return createHash('sha1').update(bytes).digest('base64url');
  nodeHashLater ??= setTimeout(() => {
    createHash('sha1');
    nodeHash = true;
  }, NODE_HASH_AFTER_MS).unref();
  return javascriptDigest(bytes);
}
