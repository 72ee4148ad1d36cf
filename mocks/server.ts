import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockApp, type Tap } from './app.ts';
import type { LiveChain } from './control/live-chain.ts';
import { documentedProtocolErrors } from './http/node/protocol-errors.ts';
import { runWorldContracts } from './kernel.ts';
import { nodeSources } from './create-mock.ts';
import { kernelDoor, mockHandle, type KernelDoor, type Listening, type Mock } from './mock-handle.ts';
import type { MockOptions } from './options.ts';
import { serveLiveUpdates } from './live/node/serve-live.ts';
import { announceListening } from './listening-channel.ts';
import { TxIdWarmer } from './http/node/warm-tx-ids.ts';

/** What only the server door has: where it listens, its node:http server, and its kernel. */
export interface ServerDoor extends Listening, KernelDoor {
  readonly server: Server;
}

export interface ServerLimits {
  /** Request line and headers together; beyond it 431 (or 414 for a URL, mocks/http/protocol-errors.ts). */
  maxHeaderSize: number;
  /** A client must have sent all headers this long after it started the request, or gets 408. */
  headersTimeoutMs: number;
  /** ...and the whole request (body included) within this, or gets 408. */
  requestTimeoutMs: number;
  /** How often Node looks for connections past those two timeouts; Node's default is 30 s. */
  connectionsCheckingIntervalMs: number;
  /**
   * An idle keep-alive connection is closed after this: 72 s, the real service's (Fastify's
   * default), where Node's own is 5 s. A client's idle timer (undici's follows the server's
   * `Keep-Alive` hint) then ends the socket first; at 5 s, a client a busy machine held back sent
   * its next request on a socket the server was closing and got ECONNRESET. There is
   * deliberately no cap on requests per connection: past `maxRequestsPerSocket` Node answers
   * pipelined requests with a bare 503.
   */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are dropped on accept, keeping file descriptors under a 1024 ulimit. */
  maxConnections: number;
}

/** Protocol limits: a slow or hostile client cannot hold the mock (see docs/reliability.md). */
export const SERVER_LIMITS: ServerLimits = {
  maxHeaderSize: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  connectionsCheckingIntervalMs: 1_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 512,
};

/** What a server may be given beside its options and limits. */
export interface ServerExtras {
  /** Sees every request with its answer (createMockApp's). */
  tap?: Tap;
  /** Another mock's living chain of the same world, served instead of building one (`MockSources.live`). */
  live?: LiveChain;
}

/**
 * After listening, how long a mock leaves its first answers alone before its work in the
 * background: hashing the transactions' ids, and starting the engine of a warming mock.
 */
const BACKGROUND_AFTER_MS = 300;

export async function startMockServer(
  partial: Partial<MockOptions> = {},
  limitOverrides: Partial<ServerLimits> = {},
  { tap, live: shared }: ServerExtras = {},
): Promise<Mock<ServerDoor>> {
  const limits = { ...SERVER_LIMITS, ...limitOverrides };
  // A world file's own contracts run in the Clarity engine first; a world without them starts no engine.
  const sources = await runWorldContracts(partial, nodeSources(partial.world));
  const app = createMockApp(partial, tap, shared ? { ...sources, live: shared } : sources);
  const { options } = app;
  const server = createServer({
    maxHeaderSize: limits.maxHeaderSize,
    connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    // Checked in protocol-errors.ts instead, to answer with the documented body.
    requireHostHeader: false,
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on('request', documentedProtocolErrors(server, app, options.quiet ? () => {} : options.log));
  // The live updates' two channels (docs/live-updates.md): JSON-RPC on `upgrade`, socket.io on its path.
  const channels = serveLiveUpdates(server, app.kernel.updates, app.kernel.release);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { live } = app;
  live.startClock();
  const ids = new TxIdWarmer(() => live.queries.chain);
  void ids.start(BACKGROUND_AFTER_MS);
  // The Clarity engine's start holds the event loop for a second or more: it begins once the
  // first requests have had their answers, and a contract request before then waits for it.
  const warming =
    options.clarity === 'warm'
      ? setTimeout(() => live.queries.clarity.warm(), BACKGROUND_AFTER_MS).unref()
      : undefined;
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const door: ServerDoor = { server, url: `http://${host}:${port}`, port, ...kernelDoor(app.kernel) };
  announceListening(door.url);
  return mockHandle(app.kernel, door, async () => {
    clearTimeout(warming);
    ids.stop();
    await channels.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  });
}
