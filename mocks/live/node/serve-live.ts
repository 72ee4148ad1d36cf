import type { Server } from 'node:http';
import type { ReleaseProfile } from '../../../spec/releases/profile.ts';
import type { LiveUpdates } from '../live-updates.ts';
import { DELIVERY_LIMITS, type DeliveryLimits } from './delivery.ts';
import { serveSocketIo } from './socket-io-channel.ts';
import { serveJsonRpc } from './ws-channel.ts';

/**
 * Both live channels on a node:http server: JSON-RPC at `/extended/v1/ws`, socket.io at
 * `/socket.io/`, each under `prefix` where the mock is mounted at one (an Express app's `/api`).
 */
export function serveLiveUpdates(
  server: Server,
  updates: Pick<LiveUpdates, 'attach'>,
  release: ReleaseProfile,
  limits: Partial<DeliveryLimits> = {},
  prefix = '',
): { close(): Promise<void> } {
  const delivery = { ...DELIVERY_LIMITS, ...limits };
  const rpc = serveJsonRpc(server, updates, release, delivery, prefix);
  const io = serveSocketIo(server, updates, delivery, prefix);
  return {
    close: async () => {
      await Promise.all([rpc.close(), io.close()]);
    },
  };
}
