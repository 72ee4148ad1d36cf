import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  deserializeTransaction,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../api/index.ts';
import { httpClient } from '../../spec/http/client.ts';
import { banner } from '../banner.ts';
import { createMockApp } from '../app.ts';
import { compileWorldFile } from '../world/declared/compile.ts';
import { WorldFileError } from '../world/declared/plan.ts';

// A developer's own key, funded by the world file by its address alone.
const OWN_KEY = `${'7f'.repeat(32)}01`;
const own = privateKeyToAddress(OWN_KEY, 'testnet');

const FILE = `network: testnet
seed: 11
accounts:
  alice: { test_key: true, stx: "90000000" }
  bob: {}
  mine: { address: ${own}, stx: "5000000" }
`;

const dir = mkdtempSync(join(tmpdir(), 'test-keys-'));
const mocks: Mock[] = [];
afterAll(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function served(text: string, name: string): Promise<Mock> {
  const path = join(dir, name);
  writeFileSync(path, text);
  const mock = await startMock({ port: 0, world: path, blocks: 60, quiet: true });
  mocks.push(mock);
  return mock;
}

// Contracts of the file's own source, deployed and called by test-key accounts: run in the engine.
const CONTRACT_FILE = `network: testnet
seed: 11
accounts:
  alice: { test_key: true, stx: "90000000" }
  carol: { test_key: true, stx: "90000000" }
contracts:
  - contract: alice.counter
    height: 5
    fee: "50000"
    source: |
      (define-data-var count uint u0)
      (define-public (add (by uint))
        (begin (var-set count (+ (var-get count) by)) (ok (var-get count))))
transactions:
  - { height: 6, type: contract_call, sender: alice, contract: alice.counter, function: add, args: [u5], fee: "300" }
  - { height: 7, type: contract_call, sender: carol, contract: alice.counter, function: add, args: [u1], fee: "300", sponsor: alice }
`;

interface Declared {
  declared: { accounts: { name: string; address: string; test_key?: string }[] };
}

async function broadcastFrom(mock: Mock, senderKey: string, recipient: string) {
  const network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  const tx = await makeSTXTokenTransfer({ recipient, amount: 1_000n, senderKey, network, fee: 500 });
  return { tx, result: await broadcastTransaction({ transaction: tx, network }) };
}

describe('test keys in a world file', () => {
  it('prints the key in the catalogue and the banner, marked as a test key; stacks.js signs with it and the broadcast is admitted', async () => {
    const mock = await served(FILE, 'keys.yaml');
    const client = httpClient(mock.url, { keepAlive: false });
    const world = (await client.get('/_mock/world')).body as Declared;
    const [alice, bob] = world.declared.accounts;
    expect(alice?.test_key).toMatch(/^[0-9a-f]{64}01$/);
    expect(alice?.address).toBe(privateKeyToAddress(alice?.test_key as string, 'testnet'));
    expect(bob).not.toHaveProperty('test_key');

    const { tx, result } = await broadcastFrom(mock, alice?.test_key as string, bob?.address as string);
    expect(result).toEqual({ txid: tx.txid() });
    mock.mine();
    expect((await client.get(`/extended/v1/tx/0x${tx.txid()}`)).body.tx_status).toBe('success');

    const app = createMockApp({ world: join(dir, 'keys.yaml'), blocks: 60, quiet: true });
    const text = banner(mock.url, app.live.queries, app.options, 0);
    expect(text).toContain(`${alice?.address}  test key ${alice?.test_key} (testing only)`);
  });

  it("signs the deployment and calls of the file's own contract with the test keys: stacks.js verifies the bytes the mock serves", async () => {
    const mock = await served(CONTRACT_FILE, 'contract.yaml');
    const client = httpClient(mock.url, { keepAlive: false });
    const world = (await client.get('/_mock/world')).body as Declared;
    const senders = new Map(world.declared.accounts.map((a) => [a.address, a.test_key as string]));
    const txs = new Map<string, { tx_id: string; tx_type: string; sender_address: string }>();
    for (const account of world.declared.accounts) {
      const page = await client.get(`/extended/v2/addresses/${account.address}/transactions`);
      for (const { tx } of (
        page.body as { results: { tx: { tx_id: string; tx_type: string; sender_address: string } }[] }
      ).results)
        if (senders.has(tx.sender_address)) txs.set(tx.tx_id, tx);
    }
    expect([...txs.values()].map((t) => t.tx_type).sort()).toEqual([
      'contract_call',
      'contract_call',
      'smart_contract',
    ]);
    for (const { tx_id, sender_address } of txs.values()) {
      const raw = (await client.get(`/extended/v1/tx/${tx_id}/raw`)).body as { raw_tx: string };
      const wire = deserializeTransaction(raw.raw_tx);
      expect(`0x${wire.txid()}`).toBe(tx_id);
      // Throws unless the origin's signature recovers the key of the sender's address.
      wire.verifyOrigin();
      expect(privateKeyToAddress(senders.get(sender_address) as string, 'testnet')).toBe(sender_address);
    }
  });

  it('derives the same key from the same seed and name, another from another seed', () => {
    const key = (text: string) =>
      compileWorldFile(text, { network: 'testnet', seed: 1, blocks: 40 }).declared.accounts[0]?.testKey;
    expect(key(FILE)).toBe(key(FILE));
    expect(key(FILE.replace('seed: 11', 'seed: 12'))).not.toBe(key(FILE));
  });

  it('funds an account declared by address only: its owner signs with their own key', async () => {
    const mock = await served(FILE, 'own.yaml');
    const { tx, result } = await broadcastFrom(
      mock,
      OWN_KEY,
      privateKeyToAddress(`${'11'.repeat(32)}01`, 'testnet'),
    );
    expect(result).toEqual({ txid: tx.txid() });
  });

  it('leaves a world that asks for no key as it was, and refuses a key with an address', async () => {
    const plain = FILE.replace('test_key: true, ', '');
    const withKey = compileWorldFile(FILE, { network: 'testnet', seed: 1, blocks: 40 }).declared.accounts;
    const without = compileWorldFile(plain, { network: 'testnet', seed: 1, blocks: 40 }).declared.accounts;
    expect(without.map((a) => Object.keys(a).includes('testKey'))).toEqual([false, false, false]);
    expect(without.slice(1)).toEqual(withKey.slice(1));
    expect(() =>
      compileWorldFile(FILE.replace('test_key: true,', `test_key: true, address: ${own},`), {
        network: 'testnet',
        seed: 1,
        blocks: 40,
      }),
    ).toThrow(WorldFileError);
  });
});
