import { connectWebSocketClient } from '@stacks/blockchain-api-client';
import { setupServer } from 'msw/node';
import { WebSocket as NodeWebSocket } from 'ws';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createStacksHandlers } from './node.ts';

// MSW intercepts the global WebSocket; Node 20 has none, so the test gives it one to replace
// (Node 22 and browsers have their own). The official client then uses it, unmodified.
globalThis.WebSocket ??= NodeWebSocket as unknown as typeof WebSocket;

const stacks = createStacksHandlers({ network: 'testnet', blocks: 60, quiet: true });
const server = setupServer(...stacks.handlers, ...stacks.liveHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  stacks.close();
});

it('sends the JSON-RPC channel’s blocks in process, as the HTTP mock does', async () => {
  const client = await connectWebSocketClient(stacks.baseUrl);
  const blocks: { height: number; hash: string }[] = [];
  await client.subscribeBlocks((b) => blocks.push(b));
  const { height, hash } = stacks.mine();
  // vi.waitFor gives up after 1 s by default, which a loaded machine's first socket can outlast.
  await vi.waitFor(() => expect(blocks.map((b) => [b.height, b.hash])).toEqual([[height, hash]]), {
    timeout: 15_000,
  });
  const rest = (await (await fetch(`${stacks.baseUrl}/extended/v2/blocks/${height}`)).json()) as {
    hash: string;
  };
  expect(rest.hash).toBe(hash);
  await expect(client.subscribeTxUpdates('0x12', () => {})).rejects.toEqual({
    message: 'Invalid params',
    code: -32602,
    data: 'invalid tx_id',
  });
  client.webSocket.close();
});
