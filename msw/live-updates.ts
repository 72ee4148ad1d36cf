import { ws, type WebSocketHandler } from 'msw';
import type { MockKernel } from '../mocks/kernel.ts';
import { JsonRpcChannel, type RpcClient } from '../mocks/live/json-rpc.ts';

/**
 * The live updates' JSON-RPC channel in process, through MSW's WebSocket interception
 * (`ws.link`): a client connecting to `<base>/extended/v1/ws` (ws:// or wss://) gets what the
 * HTTP mock's channel sends, from the same living chain as the handlers' answers. socket.io is
 * not offered here (its transport is more than a websocket); docs/live-updates.md.
 */
export function liveUpdateHandlers(mock: MockKernel, baseUrls: readonly string[]): WebSocketHandler[] {
  const channel = new JsonRpcChannel(mock.release);
  mock.updates.attach(channel);
  return baseUrls.map((base) => {
    const link = ws.link(`${base.replace(/^http/, 'ws')}/extended/v1/ws`);
    return link.addEventListener('connection', ({ client }) => {
      const rpc: RpcClient = { send: (text) => client.send(text) };
      client.addEventListener('message', (event) => {
        const data: unknown = event.data;
        channel.receive(rpc, typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer));
      });
      client.addEventListener('close', () => channel.drop(rpc));
    });
  });
}
