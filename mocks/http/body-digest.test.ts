import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyDigest as pageDigest } from './body-digest.ts';
import { bodyDigest as nodeDigest } from './node/body-digest.ts';

const bodies = [new Uint8Array(), new TextEncoder().encode('{"ok":true}'), new Uint8Array(70_001).fill(0xfe)];
function nodeSha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('base64url');
}

describe('the body digest', () => {
  it('is the same SHA-1 in Node and in the page’s stand-in, base64url without padding', () => {
    const digests = bodies.map(nodeSha1);
    expect(digests).toEqual(bodies.map(pageDigest));
    // SHA-1 of the empty string, as base64url.
    expect(digests[0]).toBe('2jmj7l5rSw0yVb_vlWAYkK_YBwk');
  });

  it('is the same before node:crypto has loaded (the first answers) and after', async () => {
    const first = bodies.map(nodeDigest);
    await new Promise((loaded) => setImmediate(loaded));
    expect(first).toEqual(bodies.map(nodeSha1));
    expect(bodies.map(nodeDigest)).toEqual(first);
  });
});
