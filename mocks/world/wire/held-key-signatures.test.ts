import {
  AuthType,
  deserializeTransaction,
  nextVerification,
  privateKeyToPublic,
  PubKeyEncoding,
  TransactionSigner,
  type SpendingCondition,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { stacksJsTxBytes } from '../../../testing/stacks-js-tx.ts';
import { rawTxOf } from '../../serialize/raw-tx.ts';
import { compileWorldFile } from '../declared/compile.ts';
import { buildChain } from '../generate/build-chain.ts';
import { toHex } from '../hex.ts';
import { resolveOptions } from '../options.ts';
import { txTypeOf, type Action } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { txHash } from './node/tx-hash.ts';
import { txWireInputOf } from './tx-bytes.ts';

// Issue 39, point 10: where the world holds a key, its transactions are signed with it. alice and
// carol have test keys, bob none; `background: true` gives alice seeded activity too.
const FILE = `network: testnet
seed: 11
background: true
accounts:
  alice: { test_key: true, stx: "90000000000" }
  carol: { test_key: true, stx: "90000000000" }
  bob: { stx: "5000000000" }
tokens:
  - { contract: alice.coin, kind: ft, holders: { alice: "1000000" } }
  - { contract: alice.art, kind: nft, holders: { alice: [1, 2] } }
transactions:
  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amount: "1000", fee: "200" }
  - { height: 4, type: ft_transfer, asset: alice.coin, sender: alice, recipient: bob, amount: "5", fee: "300" }
  - { height: 5, type: nft_transfer, asset: alice.art, sender: alice, recipient: carol, value: 1, fee: "300" }
  - { height: 6, type: stx_transfer, sender: alice, recipient: bob, amount: "1", fee: "180", sponsor: carol }
  - { height: 7, type: stx_transfer, sender: carol, recipient: bob, amount: "1", fee: "180", sponsor: bob }
  - { height: 8, type: stx_transfer, sender: bob, recipient: alice, amount: "1", fee: "180", sponsor: carol }
mempool:
  - { type: stx_transfer, sender: alice, recipient: bob, amount: "5000", fee: "180" }
  - { type: ft_transfer, asset: alice.coin, sender: alice, recipient: bob, amount: "1", fee: "300", sponsor: carol }
  - { type: stx_transfer, sender: bob, recipient: alice, amount: "5", fee: "180" }
`;

const { settings, declared } = compileWorldFile(FILE, { network: 'testnet', seed: 1, blocks: 80 });
const chain = buildChain(resolveOptions({ ...settings, declared }));
const keys = new Map(declared.accounts.flatMap((a) => (a.testKey ? [[a.address, a.testKey] as const] : [])));
const bob = declared.accounts.find((a) => a.name === 'bob')?.address;
const EMPTY = '00'.repeat(65);

interface Row {
  readonly where: string;
  readonly table: TxTable;
  readonly tx: number;
  readonly wire: StacksTransactionWire;
  readonly bytes: Uint8Array;
}

/** Every user transaction (not a miner's) of both tables, as served and decoded by stacks.js. */
function rows(): Row[] {
  return [
    ['mined', chain.txs],
    ['pending', chain.mempool],
  ].flatMap(([where, table]) => {
    const t = table as TxTable;
    return Array.from({ length: t.count }, (_, tx) => tx)
      .filter((tx) => !['coinbase', 'tenure_change'].includes(txTypeOf(t.action[tx] as Action)))
      .map((tx) => {
        const hex = rawTxOf(chain, t, tx).hex;
        const bytes = Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
        return {
          where: `${where as string} row ${tx}`,
          table: t,
          tx,
          wire: deserializeTransaction(hex),
          bytes,
        };
      });
  });
}

function addressOf(table: TxTable, tx: number): string {
  return chain.principals.name(table.sender[tx] as number);
}

function sponsorOf(table: TxTable, tx: number): string | undefined {
  const sponsor = table.sponsor.at(tx);
  return sponsor >= 0 ? chain.principals.name(sponsor) : undefined;
}

/** The public key a single-signature condition's signature recovers, over `sigHash` (hex, compressed). */
function recoveredKey(sigHash: string, authType: AuthType, condition: SpendingCondition): string {
  if (!('signature' in condition)) throw new Error('not a single-signature condition');
  const { fee, nonce, signature } = condition;
  const { pubKey } = nextVerification(
    sigHash,
    authType,
    fee,
    nonce,
    PubKeyEncoding.Compressed,
    signature.data,
  );
  return toHex(pubKey.data).slice(2);
}

const all = rows();
const keyed = all.filter((r) => keys.has(addressOf(r.table, r.tx)));

describe("a world's transactions signed with the keys it holds", () => {
  it('signs every transaction of a test-key account, mined and pending, so that stacks.js recovers its key; its id hashes the signed bytes', () => {
    const kinds = new Set(
      keyed.map((r) => `${r.where.split(' ')[0]} ${txTypeOf(r.table.action[r.tx] as Action)}`),
    );
    expect([...kinds].sort()).toEqual([
      'mined contract_call',
      'mined smart_contract',
      'mined token_transfer',
      'pending contract_call',
      'pending token_transfer',
    ]);
    for (const { where, table, tx, wire, bytes } of keyed) {
      const key = keys.get(addressOf(table, tx)) as string;
      const origin = wire.auth.spendingCondition;
      expect('signature' in origin && origin.signature.data, where).not.toBe(EMPTY);
      // verifyOrigin throws unless the signature recovers the key whose hash160 the address holds.
      expect(() => wire.verifyOrigin(), where).not.toThrow();
      expect(recoveredKey(wire.verifyBegin(), AuthType.Standard, origin), where).toBe(
        privateKeyToPublic(key),
      );
      expect(`0x${wire.txid()}`, where).toBe(table.idHex(tx));
      expect(toHex(txHash(bytes)), where).toBe(table.idHex(tx));
      expect(toHex(wire.serializeBytes()), where).toBe(toHex(bytes));
    }
  });

  it("signs as a sponsor too where the world holds the sponsor's key, after the origin's signature", () => {
    const sponsored = keyed.filter((r) => keys.has(sponsorOf(r.table, r.tx) ?? ''));
    expect(sponsored.map((r) => r.where.split(' ')[0])).toEqual(['mined', 'pending']);
    for (const { where, table, tx, wire } of sponsored) {
      expect(wire.auth.authType, where).toBe(AuthType.Sponsored);
      if (wire.auth.authType !== AuthType.Sponsored) continue;
      const sponsorKey = keys.get(sponsorOf(table, tx) as string) as string;
      expect(
        recoveredKey(wire.verifyOrigin(), AuthType.Sponsored, wire.auth.sponsorSpendingCondition),
        where,
      ).toBe(privateKeyToPublic(sponsorKey));
    }
  });

  it('signs as stacks.js signs (RFC 6979): the same bytes signed afresh give the same signature', () => {
    for (const { where, table, tx, bytes } of keyed) {
      const fresh = deserializeTransaction(stacksJsTxBytes(txWireInputOf(chain, table, tx)));
      const signer = new TransactionSigner(fresh);
      signer.signOrigin(keys.get(addressOf(table, tx)) as string);
      const sponsorKey = keys.get(sponsorOf(table, tx) ?? '');
      if (sponsorKey) signer.signSponsor(sponsorKey);
      expect(toHex(fresh.serializeBytes()), where).toBe(toHex(bytes));
    }
  });

  it("leaves the transactions of an account without a held key unsigned, a held sponsor's too", () => {
    const unkeyed = all.filter((r) => !keys.has(addressOf(r.table, r.tx)));
    expect(unkeyed.filter((r) => addressOf(r.table, r.tx) === bob).length).toBeGreaterThanOrEqual(2);
    for (const { where, table, tx, wire, bytes } of unkeyed) {
      const origin = wire.auth.spendingCondition as { signature?: { data: string } };
      if (origin.signature) expect(origin.signature.data, where).toBe(EMPTY);
      if (wire.auth.authType === AuthType.Sponsored && 'signature' in wire.auth.sponsorSpendingCondition)
        expect(wire.auth.sponsorSpendingCondition.signature.data, where).toBe(EMPTY);
      expect(toHex(txHash(bytes)), where).toBe(table.idHex(tx));
    }
    const bobSponsored = keyed.filter((r) => sponsorOf(r.table, r.tx) === bob);
    expect(bobSponsored).toHaveLength(1);
    const sponsorAuth = bobSponsored[0]?.wire.auth;
    expect(
      sponsorAuth?.authType === AuthType.Sponsored && sponsorAuth.sponsorSpendingCondition,
    ).toMatchObject({
      signature: { data: EMPTY },
    });
  });
});
