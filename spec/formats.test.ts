import { c32address } from 'c32check';
import { describe, expect, it } from 'vitest';
import { isStacksAssetIdentifier, isStacksPrincipal } from './formats.ts';
import { createSpecAjv } from './schemas.ts';
import { loadSpec } from './load.ts';

/** One hash160, encoded with each standard-address version byte. */
const HASH160 = 'ba623880485dfbe8486517ad31f4c36a6473e9ec';
const SP = c32address(22, HASH160);
const SM = c32address(20, HASH160);
const ST = c32address(26, HASH160);
const SN = c32address(21, HASH160);

/** The address with its last character swapped for another c32 digit: the checksum no longer holds. */
function badChecksum(address: string): string {
  return address.slice(0, -1) + (address.endsWith('0') ? '1' : '0');
}

describe('isStacksPrincipal', () => {
  it('builds the addresses it tests from the expected version prefixes', () => {
    expect([SP, SM, ST, SN].map((a) => a.slice(0, 2))).toEqual(['SP', 'SM', 'ST', 'SN']);
  });

  it.each([SP, SM, ST, SN, 'SP000000000000000000002Q6VF78'])('accepts the standard address %s', (address) => {
    expect(isStacksPrincipal(address)).toBe(true);
  });

  it.each([`${SP}.nugget-token`, `${ST}.a`, `${SM}.A_b-9`, `${SP}.${'a'.repeat(128)}`])(
    'accepts the contract identifier %s',
    (principal) => {
      expect(isStacksPrincipal(principal)).toBe(true);
    },
  );

  it.each([SP, SM, ST, SN])('rejects %s with a broken checksum, alone and as a contract id', (address) => {
    expect(isStacksPrincipal(badChecksum(address))).toBe(false);
    expect(isStacksPrincipal(`${badChecksum(address)}.nugget-token`)).toBe(false);
  });

  it.each([
    ['starting with a digit', '1token'],
    ['starting with a dash', '-token'],
    ['with a space', 'my token'],
    ['with a dot', 'my.token'],
    ['empty', ''],
    ['129 characters long', 'a'.repeat(129)],
  ])('rejects a contract name %s', (_why, name) => {
    expect(isStacksPrincipal(`${SP}.${name}`)).toBe(false);
  });

  it('rejects a lowercase address', () => {
    expect(isStacksPrincipal(SP.toLowerCase())).toBe(false);
  });

  it.each([0, 1, 23, 31])('rejects a c32check address with the non-Stacks version byte %i', (version) => {
    const address = c32address(version, HASH160);
    expect(isStacksPrincipal(address)).toBe(false);
  });

  it('rejects strings that are not addresses', () => {
    for (const value of ['', 'SP', 'hello', '0x1234', `${SP}.`, '.a'])
      expect(isStacksPrincipal(value), value).toBe(false);
  });
});

describe('format stacks-principal in the spec', () => {
  it('makes the Principal schema check the checksum, which its pattern alone cannot', () => {
    const principal = createSpecAjv(loadSpec()).component('Principal');
    expect(principal(SP)).toBe(true);
    expect(principal(`${SP}.nugget-token`)).toBe(true);
    expect(principal(badChecksum(SP))).toBe(false);
    expect(principal.errors?.[0]?.keyword).toBe('format');
  });
});

describe('format stacks-asset-identifier', () => {
  it('accepts <contract id>::<token> and rejects anything else', () => {
    expect(isStacksAssetIdentifier(`${SP}.nugget-token::nugget`)).toBe(true);
    for (const value of [
      `${SP}::nugget`,
      `${SP}.nugget-token::`,
      `${SP}.nugget-token`,
      `${badChecksum(SP)}.nugget-token::nugget`,
    ]) {
      expect(isStacksAssetIdentifier(value), value).toBe(false);
    }
  });

  it('makes every address-bearing schema check the checksum', () => {
    const ajv = createSpecAjv(loadSpec());
    expect(ajv.component('AssetIdentifier')(`${badChecksum(SP)}.nugget-token::nugget`)).toBe(false);
    expect(ajv.component('StacksAddress')(badChecksum(SP))).toBe(false);
    expect(ajv.component('ContractIdentifier')(`${badChecksum(SP)}.nugget-token`)).toBe(false);
    expect(ajv.component('StacksAddress')(SP)).toBe(true);
  });
});
