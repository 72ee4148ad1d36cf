import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { ReleaseProfile } from '../../../spec/releases/profile.ts';
import { JsonRpcChannel, type RpcClient } from '../json-rpc.ts';
import type { LiveUpdates } from '../live-updates.ts';
import type { DeliveryLimits } from './delivery.ts';

/** Where the real service serves its JSON-RPC channel (a prefix: it upgrades any path that starts so). */
export const RPC_PATH = '/extended/v1/ws';

/** A websocket client: whether it answered the last ping, and since when its sends have waited. */
class WsClient implements RpcClient {
  alive = true;
  waitingSince: number | undefined;

  constructor(readonly ws: WebSocket) {}

  send(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }
}

/**
 * The JSON-RPC channel on a node:http server's `upgrade` event, as the real service serves it
 * (ws-rpc-channel.ts): a client that does not answer a ping by the next one, or whose messages
 * have waited in its socket longer than the message timeout (it stopped reading), loses its
 * subscriptions and gets nothing more; the others are not held up by it.
 */
export function serveJsonRpc(
  server: Server,
  updates: Pick<LiveUpdates, 'attach'>,
  release: ReleaseProfile,
  limits: DeliveryLimits,
  prefix = '',
): { close(): Promise<void> } {
  const channel = new JsonRpcChannel(release);
  const detach = updates.attach(channel);
  const clients = new Set<WsClient>();
  const onConnection = (ws: WebSocket): void => {
    const client = new WsClient(ws);
    clients.add(client);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      channel.receive(client, isBinary ? bytes : bytes.toString('utf8'));
    });
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      clients.delete(client);
      channel.drop(client);
    });
    ws.on('error', () => ws.terminate());
  };
  // `ws` loads on the first upgrade to the channel's path: a start that serves none pays nothing for it.
  let wss: Promise<WebSocketServer> | undefined;
  const webSockets = (): Promise<WebSocketServer> =>
    (wss ??= import('ws').then(({ WebSocketServer }) => {
      const loaded = new WebSocketServer({ noServer: true });
      loaded.on('connection', onConnection);
      return loaded;
    }));
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (!req.url?.startsWith(`${prefix}${RPC_PATH}`)) return;
    // Until ws takes the socket, a client gone meanwhile must not be an uncaught error.
    const meanwhile = (): void => {};
    socket.on('error', meanwhile);
    void webSockets().then(
      (loaded) => {
        socket.off('error', meanwhile);
        loaded.handleUpgrade(req, socket, head, (ws) => loaded.emit('connection', ws, req));
      },
      () => socket.destroy(),
    );
  };
  server.on('upgrade', onUpgrade);
  let tick = 0;
  const ticksPerPing = Math.max(1, Math.round(limits.pingIntervalMs / limits.checkIntervalMs));
  const sweep = setInterval(() => {
    const now = Date.now();
    const ping = ++tick % ticksPerPing === 0;
    for (const client of clients) {
      const subscribed = channel.topicsOf(client).length > 0;
      if (!subscribed) continue;
      if (client.ws.bufferedAmount === 0) client.waitingSince = undefined;
      else client.waitingSince ??= now;
      const stalled =
        client.waitingSince !== undefined && now - client.waitingSince > limits.messageTimeoutMs;
      if (stalled || (ping && !client.alive)) {
        channel.drop(client);
        continue;
      }
      if (ping) {
        client.alive = false;
        client.ws.ping();
      }
    }
  }, limits.checkIntervalMs);
  sweep.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        detach();
        server.off('upgrade', onUpgrade);
        for (const client of clients) client.ws.terminate();
        if (wss) void wss.then((loaded) => loaded.close(() => resolve()), resolve);
        else resolve();
      }),
  };
}
