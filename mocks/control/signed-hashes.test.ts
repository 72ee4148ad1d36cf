import {
  Cl,
  deserializeTransaction,
  makeContractCall,
  makeSTXTokenTransfer,
  privateKeyToPublic,
  sponsorTransaction,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { SignedHashes } from './signed-hashes.ts';

const KEY = '753b7cc01a1a2e86221266a154af739463fce51219d97e4f856cd7200c3bd2a601';
const OTHER = 'f9d7206a47f14d2870c163ebab4bf3e70d18f5d14ce1031f3902fbbc894fe4c701';
const THIRD = `${'5d'.repeat(32)}01`;
const RECIPIENT = 'ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC';

/** What stacks.js says of the same transaction, decoded from its bytes as a broadcast is. */
function expectStacksJsHashes(signed: StacksTransactionWire): void {
  const wire = deserializeTransaction(signed.serializeBytes());
  const hashes = new SignedHashes(wire);
  expect(hashes.txid).toBe(wire.txid());
  expect(hashes.initialSigHash()).toBe(wire.verifyBegin());
}

describe('a broadcast’s txid and initial sighash from one serialization', () => {
  it('agree with stacks.js for a single-signature transfer', async () => {
    expectStacksJsHashes(
      await makeSTXTokenTransfer({
        recipient: RECIPIENT,
        amount: 5n,
        senderKey: KEY,
        network: 'testnet',
        nonce: 7,
        fee: 300,
        memo: 'hello',
      }),
    );
  });

  it('agree for a call carrying a large buffer, and for the same call sponsored', async () => {
    const call = await makeContractCall({
      contractAddress: RECIPIENT,
      contractName: 'taker',
      functionName: 'take-big',
      functionArgs: [Cl.buffer(new Uint8Array(100_000).fill(9)), Cl.list([Cl.uint(1), Cl.stringUtf8('é')])],
      senderKey: KEY,
      network: 'testnet',
      nonce: 3,
      fee: 200_000,
      sponsored: true,
    });
    expectStacksJsHashes(call);
    expectStacksJsHashes(
      await sponsorTransaction({
        transaction: call,
        sponsorPrivateKey: OTHER,
        fee: 300_000,
        sponsorNonce: 2,
      }),
    );
  });

  it('agree for a multi-signature transfer, whose cleared authorization is shorter than its own', async () => {
    const keys = [KEY, OTHER, THIRD];
    expectStacksJsHashes(
      await makeSTXTokenTransfer({
        recipient: RECIPIENT,
        amount: 5n,
        publicKeys: keys.map((k) => privateKeyToPublic(k) as string),
        numSignatures: 2,
        signerKeys: keys.slice(0, 2),
        network: 'testnet',
        nonce: 1,
        fee: 300,
      }),
    );
  });
});
