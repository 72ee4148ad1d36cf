import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { privateKeyToAddress } from '@stacks/transactions';
import type { NetworkName } from '../tables/network.ts';

/** A world file's test account: its private key (hex, compressed) and the address it signs for. */
export interface TestKey {
  readonly key: string;
  readonly address: string;
}

/**
 * The test key a world file asks for (`test_key: true`): the SHA-256 of the world's seed and the
 * account's name, as a compressed secp256k1 private key, and its address as stacks.js derives it.
 * The same seed and name give the same key on every run, so a test can sign with a key it reads
 * from `/_mock/world`. Anyone can derive it: it is for testing only, never for real funds.
 */
export function testKeyOf(seed: number, name: string, network: NetworkName): TestKey {
  const key = `${bytesToHex(sha256(utf8ToBytes(`stacks-api-mock test key ${seed} ${name}`)))}01`;
  return { key, address: privateKeyToAddress(key, network) };
}
