// The browser walk-through of docs/wallets.md: a page that runs the mock in MSW's service worker,
// signs a transfer with stacks.js and broadcasts it, then shows what the chain says. The
// document shows the part between the `sample` markers; docs/wallet-page.test.ts bundles this
// file, opens it in Chromium and keeps the two the same. In your app, import
// createStacksHandlers from 'stacks-api-mock/msw'.
import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  fetchNonce,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { setupWorker } from 'msw/browser';
import { createStacksHandlers } from '../msw/browser.ts';

const shown = document.getElementById('wallet') as HTMLElement;
try {
  // sample:start
  // The mock in the page's service worker: it answers api.testnet.hiro.so.
  const stacks = createStacksHandlers({ network: 'testnet', blocks: 60, quiet: true });
  await setupWorker(...stacks.handlers).start({ quiet: true, onUnhandledRequest: 'error' });
  const network = createNetwork({ network: 'testnet', client: { baseUrl: stacks.baseUrl } });

  const key = '3c5d7a1b9e0f2d4c6b8a0e1f3d5c7b9a1e3f5d7c9b0a2e4f6d8c0b1a3e5f7d9c' + '01';
  const me = privateKeyToAddress(key, 'testnet');
  await fetch(`${stacks.baseUrl}/extended/v1/faucets/stx?address=${me}`, { method: 'POST' });
  stacks.mine();

  const tx = await makeSTXTokenTransfer({
    recipient: stacks.world.addresses.stx_activity,
    amount: 1_000_000n,
    senderKey: key,
    network,
  });
  const { txid } = (await broadcastTransaction({ transaction: tx, network })) as { txid: string };
  stacks.mine();
  const mined = (await (await fetch(`${stacks.baseUrl}/extended/v1/tx/0x${txid}`)).json()) as {
    tx_status: string;
  };
  shown.textContent = `${txid}: ${mined.tx_status}, next nonce ${await fetchNonce({ address: me, network })}`;
  // sample:end
  shown.dataset.txid = tx.txid();
} catch (err) {
  shown.dataset.error = err instanceof Error ? err.message : String(err);
}
