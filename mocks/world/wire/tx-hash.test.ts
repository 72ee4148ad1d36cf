import { describe, expect, it } from 'vitest';
import { toHex } from '../hex.ts';
import { txHash as pageHash } from './tx-hash.ts';
import { txHash as nodeHash } from './node/tx-hash.ts';

describe("a transaction's hash", () => {
  it("is the same sha512/256 in Node and in the page's stand-in", () => {
    const bytes = [new Uint8Array(), new Uint8Array(180).fill(7), new Uint8Array(70_001).fill(0xfe)];
    for (const b of bytes) expect(toHex(pageHash(b))).toBe(toHex(nodeHash(b)));
    // sha512/256 of the empty string (FIPS 180-4).
    expect(toHex(nodeHash(new Uint8Array()))).toBe(
      '0xc672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a',
    );
  });
});
