import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { bodyDigest as pageDigest } from './body-digest.ts';
import { bodyDigest as nodeDigest } from './node/body-digest.ts';

vi.mock('node:crypto', async (actual) => {
  const crypto = await actual<typeof import('node:crypto')>();
  return { ...crypto, createHash: vi.fn(crypto.createHash) };
});

const bodies = [new Uint8Array(), new TextEncoder().encode('{"ok":true}'), new Uint8Array(70_001).fill(0xfe)];

describe('the body digest', () => {
  it('is the same SHA-1 in Node and in the page’s stand-in, base64url without padding, before and after node:crypto takes over', async () => {
    // A process's first answers: the JavaScript hash, node:crypto not touched yet.
    const first = bodies.map(nodeDigest);
    expect(vi.mocked(createHash)).not.toHaveBeenCalled();
    expect(first).toEqual(bodies.map(pageDigest));
    // SHA-1 of the empty string, as base64url.
    expect(first[0]).toBe('2jmj7l5rSw0yVb_vlWAYkK_YBwk');
    // Past the switch's timer (100 ms, which a longer one set after it never overtakes): node:crypto's.
    await setTimeout(150);
    vi.mocked(createHash).mockClear();
    expect(bodies.map(nodeDigest)).toEqual(first);
    expect(vi.mocked(createHash)).toHaveBeenCalledTimes(bodies.length);
  });
});
