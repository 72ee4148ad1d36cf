import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  fetchNonce,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStacksHandlers, type StacksMsw } from './node.ts';

// The wallet's send loop through the MSW handlers: stacks.js's own fetch, intercepted in process.
const BASE = 'https://api.testnet.hiro.so';
const KEY = 'c9d2d4f4c0c5a4a1f1d0b7e29fbbd7a30f5e1c1c5d0e6b1a9f3e2d1c0b9a8f7e01';
const sender = privateKeyToAddress(KEY, 'testnet');
const network = createNetwork({ network: 'testnet', client: { baseUrl: BASE } });

let stacks: StacksMsw;
const server = setupServer();
beforeAll(() => {
  stacks = createStacksHandlers({ network: 'testnet', blocks: 80, baseUrl: BASE });
  server.use(...stacks.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  stacks.close();
});

describe('stacks.js through the MSW handlers', () => {
  it('faucet, nonce, transfer, broadcast, pending then confirmed, next nonce', async () => {
    const faucet = await fetch(`${BASE}/extended/v1/faucets/stx?address=${sender}`, { method: 'POST' });
    expect(await faucet.json()).toMatchObject({ success: true });
    stacks.mine();
    expect(await fetchNonce({ address: sender, network })).toBe(0n);
    const tx = await makeSTXTokenTransfer({
      recipient: stacks.world.addresses.stx_activity,
      amount: 1_000n,
      senderKey: KEY,
      network,
    });
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() });
    const poll = async () =>
      (await (await fetch(`${BASE}/extended/v1/tx/0x${tx.txid()}`)).json()) as { tx_status: string };
    expect((await poll()).tx_status).toBe('pending');
    stacks.mine();
    expect((await poll()).tx_status).toBe('success');
    expect(await fetchNonce({ address: sender, network })).toBe(1n);
  });
});
