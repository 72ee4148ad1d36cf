import { readFileSync } from 'node:fs';
import { connectWebSocketClient, StacksApiSocketClient } from '@stacks/blockchain-api-client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startMock, type Mock } from '../api/index.ts';
import { docSample } from '../testing/doc-sample.ts';

// docs/live-updates.md shows this file's sample (between the `sample` markers); the last test
// keeps the two the same. In your project, import startMock from 'stacks-api-mock'.
// sample:start
let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', quiet: true });
});
afterAll(() => mock.close());

it('waits for a transfer to confirm, as my app does', async () => {
  // JSON-RPC over a websocket: the official client finds /extended/v1/ws on the mock's URL.
  const client = await connectWebSocketClient(mock.url);
  const statuses: string[] = [];
  const { tx_id } = mock.submit({
    type: 'token_transfer',
    sender: mock.world.addresses.stx_activity,
    recipient: mock.world.addresses.unknown,
    amount: 1_000_000,
    fee: 500,
  });
  await client.subscribeTxUpdates(tx_id, (tx) => statuses.push(tx.tx_status));

  // socket.io: the same announcements, topics named as rooms.
  const io = new StacksApiSocketClient({ url: mock.url, subscriptions: ['block'] });
  const heights: number[] = [];
  io.socket.on('block', (block) => heights.push(block.height));
  await new Promise((connected) => io.socket.once('connect', () => connected(null)));

  const { height } = mock.mine();
  await vi.waitFor(() => expect(statuses).toEqual(['success']));
  await vi.waitFor(() => expect(heights).toEqual([height]));
  client.webSocket.close();
  io.socket.close();
});
// sample:end

it('is the sample docs/live-updates.md shows', () => {
  const doc = readFileSync(new URL('./live-updates.md', import.meta.url), 'utf8');
  expect(doc).toContain(docSample(new URL('./live-updates.test.ts', import.meta.url)));
});
