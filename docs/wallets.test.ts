import { readFileSync } from 'node:fs';
import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  fetchNonce,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type Mock } from '../api/index.ts';
import { docSample } from '../testing/doc-sample.ts';

// docs/wallets.md shows this file's walk-through (between the `sample` markers) and a test below
// keeps the two the same. In your project, import startMock from 'stacks-api-mock'. The sample calls
// fetch, as an app does, not the tests' own HTTP client (the package does not export it).
// sample:start
const key = '6a1f9d8c7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa99887766' + '01';
const me = privateKeyToAddress(key, 'testnet');

let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', quiet: true });
});
afterAll(() => mock.close());

it('sends STX with stacks.js, as my app does', async () => {
  const network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  // A new key gets 500 STX from the testnet faucet; the next block delivers them.
  await fetch(`${mock.url}/extended/v1/faucets/stx?address=${me}`, { method: 'POST' });
  mock.mine();

  // The app's code, unchanged: the nonce, the fee estimate, the signature, the broadcast.
  const tx = await makeSTXTokenTransfer({
    recipient: mock.world.addresses.stx_activity,
    amount: 1_000_000n,
    senderKey: key,
    network,
  });
  const result = await broadcastTransaction({ transaction: tx, network });
  expect(result).toEqual({ txid: tx.txid() });

  // Pending until the next block, then confirmed with its events; the nonce moves on.
  const status = async () =>
    ((await (await fetch(`${mock.url}/extended/v1/tx/0x${tx.txid()}`)).json()) as { tx_status: string })
      .tx_status;
  expect(await status()).toBe('pending');
  mock.mine();
  expect(await status()).toBe('success');
  expect(await fetchNonce({ address: me, network })).toBe(1n);
});
// sample:end

it('is the walk-through docs/wallets.md shows', () => {
  const doc = readFileSync(new URL('./wallets.md', import.meta.url), 'utf8');
  expect(doc).toContain(docSample(new URL('./wallets.test.ts', import.meta.url)));
});
