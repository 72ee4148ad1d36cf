import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockApp } from './app.ts';
import { withDefaults, type MockOptions } from './options.ts';
import type { World } from './world/index.ts';

export interface RunningMock {
  server: Server;
  world: World;
  url: string;
  close(): Promise<void>;
}

/** Protocol limits: a slow or hostile client cannot hold the mock (see the README's Reliability). */
export const SERVER_LIMITS = {
  maxHeaderSize: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 1_000,
};

export async function startMockServer(partial: Partial<MockOptions> = {}): Promise<RunningMock> {
  const options = withDefaults(partial);
  const app = createMockApp(options);
  const server = createServer({ maxHeaderSize: SERVER_LIMITS.maxHeaderSize }, app);
  server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
  server.requestTimeout = SERVER_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = SERVER_LIMITS.maxRequestsPerSocket;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    world: app.locals.world as World,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
