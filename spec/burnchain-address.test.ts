import { bech32, bech32m } from 'bech32';
import { c32address, c32ToB58 } from 'c32check';
import { describe, expect, it } from 'vitest';
import { burnchainAddressOf } from './burnchain-address.ts';

const HASH = '1f'.repeat(20);
function segwit(
  prefix: string,
  version: number,
  bytes: number,
  encoding = version === 0 ? bech32 : bech32m,
): string {
  return encoding.encode(prefix, [version, ...bech32.toWords(new Uint8Array(bytes).fill(7))]);
}

describe('a burnchain route address', () => {
  it('takes a Bitcoin address of any network as given, trimmed', () => {
    for (const address of [
      c32ToB58(c32address(22, HASH)), // p2pkh, 1…
      c32ToB58(c32address(20, HASH)), // p2sh, 3…
      c32ToB58(c32address(26, HASH)), // testnet p2pkh, m…/n…
      segwit('bc', 0, 20),
      segwit('tb', 0, 32),
      segwit('bcrt', 1, 32),
    ])
      expect(burnchainAddressOf(` ${address} `), address).toBe(address);
  });

  it('converts a Stacks address to the base58 address of its hash, per network', () => {
    expect(burnchainAddressOf(c32address(22, HASH))).toBe(c32ToB58(c32address(22, HASH)));
    expect(burnchainAddressOf(c32address(26, HASH))).toMatch(/^[mn]/);
    expect(burnchainAddressOf(c32address(21, HASH))).toMatch(/^2/);
  });

  it('refuses what is neither', () => {
    for (const bad of [
      '',
      'hello',
      `${c32address(22, HASH)}.pox-4`,
      segwit('bc', 0, 20, bech32m), // v0 must be bech32
      segwit('bc', 1, 32, bech32), // v1 must be bech32m
      segwit('bc', 0, 25),
      segwit('ltc', 0, 20),
      `${c32ToB58(c32address(22, HASH)).slice(0, -1)}z`, // a bad checksum
    ])
      expect(burnchainAddressOf(bad), bad).toBeUndefined();
  });
});
