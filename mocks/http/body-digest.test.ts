import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyDigest as pageDigest } from './body-digest.ts';

const bodies = [new Uint8Array(), new TextEncoder().encode('{"ok":true}'), new Uint8Array(70_001).fill(0xfe)];

/** node/body-digest.ts afresh: its switch to node:crypto is per process (per module instance). */
async function freshNodeDigest(): Promise<(bytes: Uint8Array) => string> {
  vi.resetModules();
  return (await import('./node/body-digest.ts')).bodyDigest;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the body digest', () => {
  it('is the same SHA-1 in Node and in the page’s stand-in, base64url without padding', async () => {
    const nodeDigest = await freshNodeDigest();
    for (const body of bodies) expect(pageDigest(body)).toBe(nodeDigest(body));
    // SHA-1 of the empty string, as base64url.
    expect(nodeDigest(new Uint8Array())).toBe('2jmj7l5rSw0yVb_vlWAYkK_YBwk');
  });

  it('stays the same once node:crypto takes over from the first answers’ JavaScript hash', async () => {
    vi.useFakeTimers();
    const nodeDigest = await freshNodeDigest();
    const before = bodies.map(nodeDigest);
    expect(vi.getTimerCount()).toBe(1);
    vi.runAllTimers();
    expect(bodies.map(nodeDigest)).toEqual(before);
    expect(bodies.map(pageDigest)).toEqual(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});
