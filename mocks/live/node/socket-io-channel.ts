import type { Server as HttpServer } from 'node:http';
import type { Server } from 'socket.io';
import { topicsOf, type Announcement, type LiveChannel, type Topic } from '../announcement.ts';
import type { LiveUpdates } from '../live-updates.ts';
import { handshakeTopics, isSocketIoTopic } from '../topics.ts';
import type { DeliveryLimits } from './delivery.ts';
import { attachOnFirstUse } from './attach-on-first-use.ts';

/** The arguments socket.io emits an announcement with, after its event name (the topic). */
function socketIoArgs(a: Announcement, topic: Topic): unknown[] {
  switch (a.kind) {
    case 'block':
      return [a.block];
    case 'mempool':
    case 'transaction':
      return [a.tx];
    case 'address-transaction':
      return [a.principal, a.tx];
    case 'address-stx-balance':
      return [a.principal, a.balance];
    case 'nft-event':
      if (topic.startsWith('nft-asset-event:')) return [a.event.asset_identifier, a.event.value.hex, a.event];
      if (topic.startsWith('nft-collection-event:')) return [a.event.asset_identifier, a.event];
      return [a.event];
  }
}

/**
 * socket.io on its default path (`/socket.io/`), as the real service serves it
 * (socket-io-channel.ts): one room per topic; the handshake's `subscriptions` are checked before
 * the connection (an invalid one refuses it: `Invalid topic: …`); `subscribe` joins a valid topic
 * and acknowledges with null, and ignores an invalid one; a client that does not answer a ping
 * in time is disconnected by socket.io itself. socket.io (with engine.io, about a tenth of the
 * mock's start) is loaded on the first request to its path or the first upgrade
 * (attach-on-first-use.ts); until then no client is in a room, so nothing is sent.
 */
export function serveSocketIo(
  server: HttpServer,
  updates: Pick<LiveUpdates, 'attach'>,
  limits: DeliveryLimits,
  prefix = '',
): { close(): Promise<void> } {
  let io: Server | undefined;
  let rooms: ReadonlyMap<string, unknown> = new Map();
  const channel: LiveChannel = {
    wants: (topic) => rooms.has(topic),
    wantsPrefix: (prefix) => {
      for (const room of rooms.keys()) if (room.startsWith(prefix)) return true;
      return false;
    },
    send: (a, topic) => {
      if (io && topicsOf(a).includes(topic)) io.to(topic).emit(topic, ...socketIoArgs(a, topic));
    },
  };
  const detach = updates.attach(channel);
  const deferred = attachOnFirstUse(
    server,
    `${prefix}/socket.io/`,
    () => import('socket.io'),
    ({ Server }) => {
      io = new Server(server, {
        path: `${prefix}/socket.io`,
        cors: { origin: '*' },
        pingInterval: limits.pingIntervalMs,
        pingTimeout: limits.pingTimeoutMs,
      });
      rooms = io.of('/').adapter.rooms;
      admitTopics(io);
    },
  );
  return {
    // Not `io.close()`, which closes the HTTP server too: the mock's server closes itself.
    close: async () => {
      deferred.stop();
      detach();
      io?.disconnectSockets(true);
      io?.engine.close();
    },
  };
}

/** The handshake's topics checked, then joined; `subscribe` and `unsubscribe` after. */
function admitTopics(io: Server): void {
  io.use((socket, next) => {
    const invalid = handshakeTopics(socket.handshake.query['subscriptions']).filter(
      (t) => !isSocketIoTopic(t),
    );
    next(invalid.length > 0 ? new Error(`Invalid topic: ${invalid.join(', ')}`) : undefined);
  });
  io.on('connection', (socket) => {
    const topics = handshakeTopics(socket.handshake.query['subscriptions']);
    if (topics.length > 0) void socket.join(topics);
    socket.on('subscribe', (topic: unknown, callback?: (error: string | null) => void) => {
      const all = Array.isArray(topic) ? topic : [topic];
      if (!all.every(isSocketIoTopic)) return;
      void socket.join(all);
      if (typeof callback === 'function') callback(null);
    });
    socket.on('unsubscribe', (...topics: unknown[]) => {
      for (const t of topics) if (typeof t === 'string') void socket.leave(t);
    });
  });
}
